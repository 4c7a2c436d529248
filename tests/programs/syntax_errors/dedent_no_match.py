class C:
    def m(self):
        pass
  def n(self):
        pass
