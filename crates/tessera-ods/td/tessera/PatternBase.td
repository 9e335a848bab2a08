// Tessera's declarative rewrite rule (DRR) base: the classes and directive markers a `.td`
// file writes its `Pat`/`Pattern` records with. Class names, parameters and field names are
// the ones MLIR's PatternBase.td declares, so rules written against either read the same;
// tessera-drr reads the fields by these names.

#ifndef TESSERA_PATTERNBASE_TD
#define TESSERA_PATTERNBASE_TD

include "tessera/OpBase.td"

// The operator of the dag that adjusts a rule's benefit: `(addBenefit N)`.
def addBenefit;

// A rewrite rule: one source dag, result dags (the last values replace the root's
// results; earlier ones build auxiliary ops), constraints over bound symbols, supplemental
// result dags, and the benefit adjustment.
class Pattern<dag source, list<dag> results, list<dag> preds = [],
              list<dag> supplemental_results = [],
              dag benefitAdded = (addBenefit 0)> {
  dag sourcePattern = source;
  list<dag> resultPatterns = results;
  list<dag> constraints = preds;
  list<dag> supplementalPatterns = supplemental_results;
  dag benefitDelta = benefitAdded;
}

// A rule with one result dag.
class Pat<dag pattern, dag result, list<dag> preds = [],
          list<dag> supplemental_results = [],
          dag benefitAdded = (addBenefit 0)>
    : Pattern<pattern, [result], preds, supplemental_results, benefitAdded>;

// Code called from a rule (C++ upstream; natives in Tessera).
class NativeCodeCall<string expr, int returns = 1> {
  string expression = expr;
  int numReturns = returns;
}
class NativeCodeCallVoid<string expr> : NativeCodeCall<expr, 0>;

// Directive markers, recognised by name as dag operators.
def replaceWithValue;
def location;
def returnType;
def either;
def variadic;

// A value nothing uses.
def HasNoUseOf : Constraint<CPred<"$_self.use_empty()">, "has no use">;

// An attribute equal to the one `attribute`'s constant builder makes from `val`: matched
// by equality in a source pattern, built in a result pattern.
class ConstantAttr<Attr attribute, string val> : AttrConstraint<
    CPred<"$_self == " # !subst("$0", val, attribute.constBuilderCall)>,
    "constant attribute " # val> {
  Attr attr = attribute;
  string value = val;
}
def ConstBoolAttrFalse : ConstantAttr<BoolAttr, "false">;
def ConstBoolAttrTrue : ConstantAttr<BoolAttr, "true">;
def ConstUnitAttr : ConstantAttr<UnitAttr, "true">;
// A string constant: `val` is quoted for the builder.
class ConstantStrAttr<Attr attribute, string val>
    : ConstantAttr<attribute, "\"" # val # "\"">;

#endif // TESSERA_PATTERNBASE_TD
