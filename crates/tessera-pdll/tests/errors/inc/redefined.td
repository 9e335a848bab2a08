// A def defined twice: TableGen's error and its note are each reported at the include.
def X { int a = 1; }
def X { int a = 2; }
