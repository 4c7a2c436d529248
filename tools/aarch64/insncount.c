/* insncount.c - a qemu TCG plugin that counts executed guest instructions.
 *
 * The `fivefold-aarch64` engine's metric: under emulation wall time says
 * nothing about arm64 hardware, but the number of guest instructions a
 * program executes is exact and repeatable (see shared/fivefold/harness/aarch64_counter.py).
 *
 * Use:  QEMU_PLUGIN=libinsncount.so[,exact=off],outfile=PATH  qemu-aarch64 PROG
 * Writes "insns: N" to PATH at exit (and through qemu's log when no outfile).
 *
 * exact=on (default) adds one per executed instruction; exact=off adds a
 * translation block's length each time the block starts (faster, but it
 * over-counts a block left early by an exception or a syscall).
 * The counter is one inline 64-bit add per instruction, not atomic: threads
 * running at once may lose counts, so measure single-threaded programs.
 * Built by tools/aarch64/setup.sh against the installed qemu's qemu-plugin.h.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static uint64_t insn_count;
static int exact = 1;
static char *outfile;   /* NULL: report through qemu_plugin_outs */

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    if (!exact) {
        qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &insn_count, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        qemu_plugin_register_vcpu_insn_exec_inline(qemu_plugin_tb_get_insn(tb, i),
                                                   QEMU_PLUGIN_INLINE_ADD_U64, &insn_count, 1);
    }
}

static void report_at_exit(qemu_plugin_id_t id, void *unused)
{
    char line[64];
    snprintf(line, sizeof line, "insns: %" PRIu64 "\n", insn_count);
    if (outfile == NULL) {
        qemu_plugin_outs(line);
        return;
    }
    /* Append: a program that starts children under the same plugin gets one
     * line per process, and the reader decides what to do with them. */
    FILE *f = fopen(outfile, "a");
    if (f == NULL) {
        perror("insncount: cannot open outfile");
        return;
    }
    fputs(line, f);
    fclose(f);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "exact=off") || !strcmp(argv[i], "exact=false")) {
            exact = 0;
        } else if (!strcmp(argv[i], "exact=on") || !strcmp(argv[i], "exact=true")) {
            exact = 1;
        } else if (!strncmp(argv[i], "outfile=", 8) && argv[i][8] != '\0') {
            outfile = strdup(argv[i] + 8);
            if (outfile == NULL) {
                return -1;
            }
        } else {
            fprintf(stderr, "insncount: unknown argument '%s'\n", argv[i]);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, report_at_exit, NULL);
    return 0;
}
