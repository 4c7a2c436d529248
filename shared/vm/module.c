/* fivefold._fivefold: the engine's extension module (placeholder until the
 * tier-0 VM lands; it proves the build and import path). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static struct PyModuleDef fivefold_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "fivefold._fivefold",
    .m_doc = "fivefold's C engine.",
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__fivefold(void)
{
    return PyModule_Create(&fivefold_module);
}
