import warnings
def old():
    warnings.warn("old is old", DeprecationWarning, stacklevel=2)
def caller():
    old()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    caller()
    warnings.warn("plain", RuntimeWarning)
for w in caught:
    print(w.category.__name__, w.message, w.lineno, w.filename == __file__)
warnings.filterwarnings("error", category=UserWarning)
try:
    warnings.warn("now an error")
except UserWarning as e:
    print("raised:", e)
