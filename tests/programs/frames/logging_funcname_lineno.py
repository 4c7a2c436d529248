import logging, sys
logging.basicConfig(stream=sys.stdout, level=logging.DEBUG,
                    format="%(levelname)s %(name)s %(funcName)s:%(lineno)d %(message)s")
log = logging.getLogger("app")
def process(item):
    log.info("processing %s", item)
    if item < 0:
        log.warning("negative item %d", item)
    return item * 2
class Service:
    def run(self):
        log.debug("service running")
        return [process(i) for i in (1, -2)]
print(Service().run())
log.error("module level")
try:
    1 / 0
except ZeroDivisionError:
    log.exception("caught")
