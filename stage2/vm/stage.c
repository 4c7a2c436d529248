/* Stage 2's registration with the base VM (shared/vm/tiers.h): its switches,
 * and its loop while any stage-2 change is on. */
#include "stage2.h"
#include "tiers.h"
#include "specialize.h"   /* ff_set_family_hook */

int ff_inline_calls = 0;
int ff_inline_generators = 0;
int ff_float_reuse = 0;
int ff_inline_init = 0;
int ff_compare_branch = 0;
int ff_direct_generators = 0;
int ff_store_attr_hint = 0;
int ff_method_cache_on = 0;
int ff_int_bitwise_on = 0;
int ff_int_floordiv_on = 0;
int ff_int_bitwise_wide_on = 0;
int ff_str_concat = 0;
int ff_builtin_ctors = 0;
int ff_exc_match = 0;
int ff_inline_await = 0;
int ff_direct_coroutines = 0;
int ff_inline_generator_calls = 0;
int ff_call_exact_args = 0;
int ff_cheap_frames = 0;
int ff_binary_slice_on = 0;
int ff_store_slice_on = 0;
int ff_stepped_slice_on = 0;
int ff_c_entry = 0;
int ff_inline_bound_calls = 0;
int ff_call_defaults = 0;
int ff_generator_exact_args = 0;
int ff_function_versions = 0;
int ff_build_tuple_on = 0;
int ff_call_varargs = 0;
int ff_call_function_ex_on = 0;
int ff_cheap_c_calls = 0;
int ff_local_attr_on = 0;
int ff_enter_resume_opcode = -1;
static int any_on = 0;

static int
configure(const unsigned char *on)
{
    any_on = 0;
    for (int i = 0; ff_change_defs[i].id != NULL; i++) {
        any_on |= ff_change_defs[i].stage == 2 && on[i];
    }
    ff_inline_calls = on[FF_CHANGE_s2_inline_calls];
    ff_inline_generators = on[FF_CHANGE_s2_inline_generators];
    ff_float_reuse = on[FF_CHANGE_s2_float_reuse];
    ff_inline_init = on[FF_CHANGE_s2_inline_init];
    ff_compare_branch = on[FF_CHANGE_s2_compare_branch];
    /* Each with its types' layouts checked once (3.11's, else the base VM's way). */
    ff_direct_generators = on[FF_CHANGE_s2_make_generator] && ff_gen_type_layout_known(&PyGen_Type);
    ff_store_attr_hint = on[FF_CHANGE_s2_store_attr_hint];
    ff_method_cache_on = on[FF_CHANGE_s2_method_cache];
    ff_int_bitwise_on = on[FF_CHANGE_s2_int_bitwise];
    ff_int_floordiv_on = on[FF_CHANGE_s2_int_floordiv];
    ff_int_bitwise_wide_on = on[FF_CHANGE_s2_int_bitwise_wide];
    /* Off if 3.11's small-int table is not where int_freelist.h reads it. */
    ff_int_freelist_on = on[FF_CHANGE_s2_int_freelist] && ff_int_freelist_ready();
    if (ff_set_family_hook(FF_STORE_ATTR, ff_store_attr_hint_hook, ff_store_attr_hint) < 0
        || ff_set_family_hook(FF_LOAD_METHOD, ff_method_cache_hook, ff_method_cache_on) < 0
        || ff_set_family_hook(FF_BINARY_OP, ff_int_bitwise_hook, ff_int_bitwise_on) < 0
        || ff_set_family_hook(FF_BINARY_OP, ff_int_floordiv_hook, ff_int_floordiv_on) < 0
        || ff_set_family_hook(FF_LOAD_METHOD, ff_load_method_attr_hook, on[FF_CHANGE_s2_load_method_attr]) < 0
        || ff_set_family_hook(FF_LOAD_METHOD, ff_load_method_lazy_dict_hook,
                              on[FF_CHANGE_s2_load_method_lazy_dict]) < 0
        || ff_set_family_hook(FF_BINARY_OP, ff_float_mixed_binary_hook, on[FF_CHANGE_s2_float_mixed]) < 0
        || ff_set_family_hook(FF_COMPARE_OP, ff_float_mixed_compare_hook, on[FF_CHANGE_s2_float_mixed]) < 0
        || (on[FF_CHANGE_s2_subscr_getitem] && ff_subscr_getitem_ready() < 0)
        || ff_set_family_hook(FF_BINARY_SUBSCR, ff_subscr_getitem_hook, on[FF_CHANGE_s2_subscr_getitem]) < 0) {
        return -1;
    }
    ff_str_concat = on[FF_CHANGE_s2_str_concat];
    ff_builtin_ctors = on[FF_CHANGE_s2_builtin_ctors];
    ff_exc_match = on[FF_CHANGE_s2_exc_match];
    ff_inline_await = on[FF_CHANGE_s2_inline_await];
    ff_direct_coroutines = on[FF_CHANGE_s2_make_coroutine] && ff_coroutine_layouts_known();
    ff_inline_generator_calls = on[FF_CHANGE_s2_inline_generator_calls];
    ff_call_exact_args = on[FF_CHANGE_s2_call_exact_args];
    ff_cheap_frames = on[FF_CHANGE_s2_cheap_frames];
    ff_binary_slice_on = on[FF_CHANGE_s2_binary_slice];
    ff_store_slice_on = on[FF_CHANGE_s2_store_slice];
    ff_stepped_slice_on = on[FF_CHANGE_s2_stepped_slice];
    ff_c_entry = on[FF_CHANGE_s2_c_entry];
    ff_inline_bound_calls = on[FF_CHANGE_s2_inline_bound_calls];
    /* It reads the version s2.call_exact_args caches: on only with it (and not
     * requiring it, so that switching s2.call_exact_args off stays possible). */
    ff_call_defaults = on[FF_CHANGE_s2_call_defaults] && on[FF_CHANGE_s2_call_exact_args];
    /* It widens what s2.call_exact_args caches (call_exact_args.c): on only with
     * it, as s2.call_defaults. */
    ff_generator_exact_args = on[FF_CHANGE_s2_generator_exact_args] && on[FF_CHANGE_s2_call_exact_args];
    /* Its versions are read by s2.call_exact_args' cache only: on with it, as
     * s2.call_defaults. */
    ff_function_versions = on[FF_CHANGE_s2_function_versions] && on[FF_CHANGE_s2_call_exact_args];
    ff_call_varargs = on[FF_CHANGE_s2_call_varargs];
    ff_call_function_ex_on = on[FF_CHANGE_s2_call_function_ex];
    ff_cheap_c_calls = on[FF_CHANGE_s2_cheap_c_calls];
    ff_build_tuple_on = on[FF_CHANGE_s2_build_tuple];
    ff_collect_generators = on[FF_CHANGE_s2_collect_generators];
    ff_local_attr_on = on[FF_CHANGE_s2_local_attr];
    ff_enter_resume_opcode = on[FF_CHANGE_s2_enter_resume] ? FF_RESUME : -1;
    if (ff_inline_init && ff_inline_init_ready() < 0) {
        return -1;
    }
    return 0;
}

static int
active(void)
{
    return any_on;
}

PyObject *ff_run_stage2_frame(PyThreadState *tstate, struct _PyInterpreterFrame *frame, int throwflag);
PyObject *ff_stage2_entry(PyThreadState *tstate, struct _PyInterpreterFrame *frame, int throwflag);

/* s2.c_entry: stage 2's own PEP 523 entry while the change is on. */
static ff_loop_fn
entry(void)
{
    return ff_c_entry ? ff_stage2_entry : NULL;
}

/* Stage 2's quickening of new code (after stage 1's: its pairs are written). */
static void
quicken(FFCode *code)
{
    if (ff_local_attr_on) {
        ff_insert_local_attr(code);
    }
}

const ff_stage ff_stage2 = {
    .number = 2,
    .configure = configure,
    .active = active,
    .quicken = quicken,
    .loop = ff_run_stage2_frame,
    .entry = entry,
};
