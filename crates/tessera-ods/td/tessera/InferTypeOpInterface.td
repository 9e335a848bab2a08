// InferTypeOpInterface, in a file of its own as upstream has it: ODS gives an op this
// interface (and result type inference) when every result type can be derived, but only
// where the interface is defined, so a dialect opts in by including this file.

#ifndef TESSERA_INFERTYPEOPINTERFACE_TD
#define TESSERA_INFERTYPEOPINTERFACE_TD

include "tessera/OpBase.td"

def InferTypeOpInterface : MlirOpInterface<"InferTypeOpInterface">;

#endif // TESSERA_INFERTYPEOPINTERFACE_TD
