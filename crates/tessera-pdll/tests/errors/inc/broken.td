// A TableGen error inside a `.td` include: reported at the include.
include "tessera/OpBase.td"
def Broken : Op<NoSuchDialect, "broken">;
