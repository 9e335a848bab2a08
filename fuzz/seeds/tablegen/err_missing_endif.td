#ifdef SOMETHING
def x;
