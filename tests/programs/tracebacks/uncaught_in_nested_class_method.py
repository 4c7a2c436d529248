# fivefold: exit=1
class Outer:
    class Inner:
        def explode(self):
            return [][0]
    def run(self):
        return self.Inner().explode()
Outer().run()
