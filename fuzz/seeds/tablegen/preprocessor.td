// ARGS: -DFROM_CMDLINE
#define LOCAL_MACRO
#ifdef LOCAL_MACRO
def local_defined;
#else
def local_not_defined;
#endif
#ifndef NOT_DEFINED
def ifndef_taken;
#endif
#ifdef FROM_CMDLINE
def cmdline_defined;
#ifdef NESTED_UNDEFINED
def nested_wrong;
#else
def nested_else;
#endif
#endif
#ifdef NOPE // comment after directive
def skipped {
  #ifdef LOCAL_MACRO
  int x = 1;
  #endif
}
#endif
/* comment */ #ifdef LOCAL_MACRO
def hash_not_at_line_start;
#endif
