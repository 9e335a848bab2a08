// A template argument of the wrong type is fatal upstream: no follow-on errors.
class Class1<string nm> { string Name = nm; }
def R { string Name = Class1<42>.Name; }
def S { int x = "not an int"; }
