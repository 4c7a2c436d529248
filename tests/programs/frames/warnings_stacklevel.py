import warnings
def deprecated_api():
    warnings.warn("deprecated_api is deprecated", DeprecationWarning, stacklevel=2)
    return 1
def user_code():
    return deprecated_api()
warnings.simplefilter("always")
print(user_code())
def deeper():
    warnings.warn("level three", UserWarning, stacklevel=3)
def mid():
    deeper()
mid()
warnings.warn("module level warning")
print("done")
