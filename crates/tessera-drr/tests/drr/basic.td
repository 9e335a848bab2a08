include "test_dialect.td"

// Rename: a.a with any operand becomes a c of the same operand and attribute.
def AToC : Pat<(AOp $input, $attr), (COp $input, $attr)>;
