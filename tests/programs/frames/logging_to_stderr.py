import logging
logging.basicConfig(format="%(levelname)s:%(module)s:%(funcName)s:%(lineno)d:%(message)s")
def warn_me():
    logging.warning("careful %s", "now")
def err():
    logging.error("bad thing")
warn_me()
err()
print("stdout line after logging to stderr")
