// ARGS: -I inc
include "included.td"
include "included.td" // guarded: second include adds nothing
def user : FromInclude<3>;
