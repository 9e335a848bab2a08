def foo;
def foo;
