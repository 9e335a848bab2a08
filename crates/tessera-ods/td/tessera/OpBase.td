// Tessera's ODS base: the classes and fields ODS reads (dialects, ops, constraints with
// their predicates, traits, interfaces, attributes, enums, attribute and type definitions),
// written for Tessera. Predicates use the same C++ vocabulary as MLIR's own constraint
// library, which tessera-ods evaluates in Rust; field names are those mlir-tblgen reads, so
// the same reader serves these files and MLIR's.
//
// Built into tessera-ods and found by `include "tessera/OpBase.td"` without any
// installation.

#ifndef TESSERA_OPBASE_TD
#define TESSERA_OPBASE_TD


// The operators of the dags that list an op's arguments, results, regions, successors.
def ins;
def outs;
def region;
def successor;

// ----- predicates -----
class Pred;
class CPred<code text> : Pred { code predExpr = "(" # text # ")"; }
class PredCombinerKind;
def PredCombinerAnd : PredCombinerKind;
def PredCombinerOr : PredCombinerKind;
def PredCombinerNot : PredCombinerKind;
def PredCombinerSubstLeaves : PredCombinerKind;
def PredCombinerConcat : PredCombinerKind;
class CombinedPred<PredCombinerKind k, list<Pred> c> : Pred {
  PredCombinerKind kind = k;
  list<Pred> children = c;
}
class And<list<Pred> c> : CombinedPred<PredCombinerAnd, c>;
class Or<list<Pred> c> : CombinedPred<PredCombinerOr, c>;
class Neg<Pred c> : CombinedPred<PredCombinerNot, [c]>;
class SubstLeaves<string pat, string repl, Pred c> : CombinedPred<PredCombinerSubstLeaves, [c]> {
  string pattern = pat;
  string replacement = repl;
}
class Concat<string pre, Pred c, string suf> : CombinedPred<PredCombinerConcat, [c]> {
  string prefix = pre;
  string suffix = suf;
}

// ----- constraints -----
class Constraint<Pred pred, string sum = ""> {
  Pred predicate = pred;
  string summary = sum;
  string description = "";
  string cppFunctionName = "";
}
class TypeConstraint<Pred pred, string sum = "", string cls = "::mlir::Type">
    : Constraint<pred, sum> {
  string cppClassName = cls;
}
class Type<Pred pred, string sum = "", string cls = "::mlir::Type">
    : TypeConstraint<pred, sum, cls> {
  string builderCall = "";
}
class Variadic<Type t> : TypeConstraint<t.predicate, "variadic of " # t.summary, t.cppClassName> {
  Type baseType = t;
  int minSize = 0;
}
class VariadicOfVariadic<Type t, string sizes> : Variadic<t> {
  string segmentAttrName = sizes;
}
// Something that can be built from nothing (`builderCall`), mixed into a constraint.
class BuildableType<code builder> { code builderCall = builder; }
// One of `types`; its summary lists theirs unless one is given.
class AnyTypeOf<list<Type> types, string sum = "", string cls = "::mlir::Type">
    : Type<Or<!foreach(t, types, t.predicate)>,
           !if(!eq(sum, ""), !interleave(!foreach(t, types, t.summary), " or "), sum), cls> {
  list<Type> allowedTypes = types;
}
// A type holding one element type, which `elementTypeCall` extracts from `$_self`.
class ContainerType<Type etype, Pred containerPred, code elementTypeCall, string descr,
                    string cls = "::mlir::Type">
    : Type<And<[containerPred, SubstLeaves<"$_self", !cast<string>(elementTypeCall),
                                           etype.predicate>]>,
           descr # " of " # etype.summary # " values", cls>;
class Optional<Type t> : TypeConstraint<t.predicate, t.summary, t.cppClassName> {
  Type baseType = t;
}
class AttrConstraint<Pred pred, string sum = ""> : Constraint<pred, sum>;
class Attr<Pred pred, string sum = ""> : AttrConstraint<pred, sum> {
  code storageType = ?;
  code returnType = ?;
  code convertFromStorage = "$_self.getValue()";
  string constBuilderCall = ?;
  string defaultValue = ?;
  Type valueType = ?;
  bit isOptional = 0;
  Attr baseAttr = ?;
  string cppNamespace = "";
}
class OptionalAttr<Attr a> : Attr<a.predicate, a.summary> {
  let storageType = a.storageType;
  let valueType = a.valueType;
  let returnType = "::std::optional<" # a.returnType # ">";
  let isOptional = 1;
  let baseAttr = a;
}
class DefaultValuedAttr<Attr a, string value> : Attr<a.predicate, a.summary> {
  let storageType = a.storageType;
  let valueType = a.valueType;
  let constBuilderCall = a.constBuilderCall;
  let convertFromStorage = a.convertFromStorage;
  let returnType = a.returnType;
  let defaultValue = value;
  let baseAttr = a;
}
class ConfinedAttr<Attr a, list<AttrConstraint> cs>
    : Attr<And<!listconcat([a.predicate], !foreach(c, cs, c.predicate))>,
           !foldl(a.summary, cs, acc, c, acc # " " # c.summary)> {
  let storageType = a.storageType;
  let returnType = a.returnType;
  let convertFromStorage = a.convertFromStorage;
  let constBuilderCall = a.constBuilderCall;
  let defaultValue = a.defaultValue;
  let valueType = a.valueType;
  let isOptional = a.isOptional;
  let baseAttr = a;
}
class DerivedAttr<code ret, code b> : Attr<CPred<"true">, "derived attribute"> {
  let returnType = ret;
  code body = b;
}
class RegionConstraint<Pred pred, string sum = ""> : Constraint<pred, sum>;
class Region<Pred pred, string sum = ""> : RegionConstraint<pred, sum>;
class VariadicRegion<Region r> : Region<r.predicate, r.summary>;
class MinSizedRegion<int n> : Region<CPred<"::llvm::hasNItemsOrMore($_self, " # n # ")">,
                                     "region with at least " # n # " blocks">;
class SizedRegion<int n> : Region<CPred<"::llvm::hasNItems($_self, " # n # ")">,
                                  "region with " # n # " blocks">;
class SuccessorConstraint<Pred pred, string sum = ""> : Constraint<pred, sum>;
class Successor<Pred pred, string sum = ""> : SuccessorConstraint<pred, sum>;
def AnySuccessor : Successor<?, "any successor">;
class VariadicSuccessor<Successor s> : Successor<s.predicate, "variadic of " # s.summary>;
class Property<string storage = "", string sum = ""> {
  string summary = sum;
  string description = "";
  code storageType = storage;
  code interfaceType = storage;
  string defaultValue = ?;
}
class OpVariableDecorator;
class OpVariable<Constraint c, string desc = ""> {
  Constraint constraint = c;
  string summary = desc;
  list<OpVariableDecorator> decorators = [];
}

// ----- traits and interfaces -----
class Trait;
class TraitList<list<Trait> ts> : Trait { list<Trait> traits = ts; }
class NativeTrait<string name, string entity> : Trait {
  string trait = name;
  string cppNamespace = "::mlir::" # entity # "Trait";
  code extraConcreteClassDeclaration = "";
  code extraConcreteClassDefinition = "";
}
class OpTrait;
class NativeOpTrait<string name, list<Trait> deps = []> : NativeTrait<name, "Op">, OpTrait {
  list<Trait> dependentTraits = deps;
}
class StructuralOpTrait;
class GenInternalTrait<string name, string entity> : Trait {
  string trait = "::mlir::" # entity # "Trait::" # name;
}
class GenInternalOpTrait<string name> : GenInternalTrait<name, "Op">, OpTrait {
  list<Trait> dependentTraits = [];
}
class PredTrait<string sum, Pred pred> : Trait {
  string summary = sum;
  Pred predicate = pred;
}
class PredOpTrait<string sum, Pred pred> : PredTrait<sum, pred>, OpTrait {
  list<Trait> dependentTraits = [];
}
// The named values all have one type: `::llvm::all_equal({$a.getType(), ...})`.
class AllTypesMatch<list<string> names>
    : PredOpTrait<"all of {" # !interleave(names, ", ") # "} have same type",
                  CPred<"::llvm::all_equal({" #
                        !interleave(!foreach(n, names, "$" # n # ".getType()"), ", ") #
                        "})">> {
  list<string> values = names;
}
// `r`'s type is `fn` applied to `l`'s type (`$_self` in `fn` stands for the latter).
class TypesMatchWith<string sum, string l, string r, string fn,
                     string comparator = "std::equal_to<>()">
    : PredOpTrait<sum, CPred<comparator # "(" # !subst("$_self", "$" # l # ".getType()", fn) #
                             ", $" # r # ".getType())">> {
  string lhs = l;
  string rhs = r;
  string transformer = fn;
}
class InterfaceTrait<string name> : NativeTrait<"", ""> {
  let trait = name # "::Trait";
  let cppNamespace = "";
  list<Trait> dependentTraits = [];
}
class InterfaceMethod<string desc, string ret, string methodName, dag args = (ins),
                      code methodBody = "", code defaultImpl = ""> {
  string description = desc;
  string returnType = ret;
  string name = methodName;
  dag arguments = args;
  code body = methodBody;
  code defaultBody = defaultImpl;
}
class Interface<string name, list<Interface> bases = []> {
  string description = "";
  string cppInterfaceName = name;
  string cppNamespace = "";
  list<InterfaceMethod> methods = [];
  code extraClassDeclaration = "";
  code extraSharedClassDeclaration = "";
  code extraClassOf = "";
  code verify = "";
  bit verifyWithRegions = 0;
  list<Interface> baseInterfaces = bases;
}
class OpInterface<string name, list<Interface> bases = []>
    : Interface<name, bases>, InterfaceTrait<name>, OpTrait;
// An interface of MLIR's own (C++ namespace `::mlir`).
class MlirOpInterface<string name, list<Interface> bases = []> : OpInterface<name, bases> {
  let cppNamespace = "::mlir";
}
class DeclareInterfaceMethods<list<string> methods = []> {
  list<string> alwaysOverriddenMethods = methods;
}
class DeclareOpInterfaceMethods<OpInterface i, list<string> methods = []>
    : DeclareInterfaceMethods<methods>, OpInterface<i.cppInterfaceName, i.baseInterfaces> {
  let cppNamespace = i.cppNamespace;
}
class OpInterfaceTrait<string name> : InterfaceTrait<name>, OpTrait;
class Resource<string n> { string name = n; }
def DefaultResource : Resource<"::mlir::SideEffects::DefaultResource">;
class EffectOpInterfaceBase<string name, string base> : MlirOpInterface<name> {
  string baseEffectName = base;
}
def MemoryEffectOpInterface
    : EffectOpInterfaceBase<"MemoryEffectOpInterface", "::mlir::MemoryEffects::Effect">;
class SideEffect<EffectOpInterfaceBase i, string name, Resource res> {
  string baseEffectName = i.baseEffectName;
  string effect = name;
  string resource = res.name;
}
class SideEffectsTraitBase<EffectOpInterfaceBase parent, list<SideEffect> effs>
    : OpInterfaceTrait<""> {
  let trait = parent.trait;
  let cppNamespace = parent.cppNamespace;
  string baseEffectName = parent.baseEffectName;
  list<SideEffect> effects = effs;
}
class MemoryEffects<list<SideEffect> effs>
    : SideEffectsTraitBase<MemoryEffectOpInterface, effs>;
def MemRead : SideEffect<MemoryEffectOpInterface, "::mlir::MemoryEffects::Read", DefaultResource>;
def MemWrite : SideEffect<MemoryEffectOpInterface, "::mlir::MemoryEffects::Write", DefaultResource>;

// ----- dialects and ops -----
class Dialect {
  string name = ?;
  string summary = ?;
  string description = ?;
  list<string> dependentDialects = [];
  string cppNamespace = name;
  bit hasConstantMaterializer = 0;
  bit hasCanonicalizer = 0;
  bit isExtensible = 0;
  bit usePropertiesForAttributes = 1;
  // Attributes and types are read only by what their definitions generate.
  bit useDefaultAttributePrinterParser = 0;
  bit useDefaultTypePrinterParser = 0;
}
class OpBuilder<dag p, code b = ""> {
  dag dagParams = p;
  code body = b;
}
class OpDocGroup {
  string summary = "";
  string description = "";
}
class Op<Dialect d, string mnemonic, list<Trait> ts = []> {
  Dialect opDialect = d;
  string opName = mnemonic;
  string cppNamespace = d.cppNamespace;
  string summary = "";
  string description = "";
  OpDocGroup opDocGroup = ?;
  dag arguments = (ins);
  dag results = (outs);
  dag regions = (region);
  dag successors = (successor);
  list<OpBuilder> builders = ?;
  bit skipDefaultBuilders = 0;
  string assemblyFormat = ?;
  bit hasCustomAssemblyFormat = 0;
  bit hasVerifier = 0;
  bit hasRegionVerifier = 0;
  bit hasCanonicalizer = 0;
  bit hasCanonicalizeMethod = 0;
  bit hasFolder = 0;
  bit useCustomPropertiesEncoding = 0;
  list<Trait> traits = ts;
  code extraClassDeclaration = ?;
  code extraClassDefinition = ?;
}

// ----- enums, attribute and type definitions -----
class EnumAttrCaseInfo<string sym, int val, string text> {
  string symbol = sym;
  int value = val;
  string str = text;
}
class I32EnumAttrCase<string sym, int val, string text = sym>
    : EnumAttrCaseInfo<sym, val, text>,
      Attr<CPred<"$_self.getInt() == " # val>, "case " # text>;
class EnumAttrInfo<string name, list<EnumAttrCaseInfo> cases, string sum>
    : Attr<CPred<"true">, sum> {
  string className = name;
  list<EnumAttrCaseInfo> enumerants = cases;
  string underlyingType = "";
  let cppNamespace = "";
  let description = "Enum cases:\n" # !interleave(
      !foreach(c, cases, "* " # c.str # " (`" # c.symbol # "`)"), "\n");
}
class I32EnumAttr<string name, string sum, list<I32EnumAttrCase> cases>
    : EnumAttrInfo<name, cases, sum> {
  let underlyingType = "uint32_t";
}
class DialectAttr<Dialect d, Pred pred, string sum = ""> : Attr<pred, sum> {
  Dialect dialect = d;
}
class DialectType<Dialect d, Pred pred, string sum = "", string cls = "::mlir::Type">
    : Type<pred, sum, cls> {
  Dialect dialect = d;
}
class AttrOrTypeParameter<string type, string sum> {
  string cppType = type;
  string summary = sum;
  string syntax = ?;
  string defaultValue = "";
}
class AttrParameter<string type, string sum> : AttrOrTypeParameter<type, sum>;
class TypeParameter<string type, string sum> : AttrOrTypeParameter<type, sum>;
// May be left out; absent is the C++ type's default-constructed value.
class OptionalParameter<string type, string sum = ""> : AttrOrTypeParameter<type, sum> {
  let defaultValue = type # "()";
}
// May be left out; a value equal to the default is not printed.
class DefaultValuedParameter<string type, string value, string sum = "">
    : AttrOrTypeParameter<type, sum> {
  let defaultValue = value;
}
class StringRefParameter<string sum = "", string value = "">
    : AttrOrTypeParameter<"::llvm::StringRef", sum> {
  let defaultValue = value;
}
class ArrayRefParameter<string of, string sum = "">
    : AttrOrTypeParameter<"::llvm::ArrayRef<" # of # ">", sum>;
// The attribute's own type, written after it (`: type`), never in its format.
class AttributeSelfTypeParameter<string sum, string type = "::mlir::Type">
    : AttrOrTypeParameter<type, sum> {
  let defaultValue = "::mlir::NoneType::get($_ctxt)";
}
class AttrOrTypeDef<string valueType, string name, string baseCppClass = "::mlir::" # valueType> {
  string cppBaseClassName = baseCppClass;
  string storageClass = name # valueType # "Storage";
  string description = "";
  dag parameters = (ins);
  string mnemonic = ?;
  string assemblyFormat = ?;
  bit hasCustomAssemblyFormat = 0;
  list<Trait> builders = ?;
  bit genAccessors = 1;
  bit skipDefaultBuilders = 0;
  bit genVerifyDecl = 0;
  list<Trait> traits = [];
  string cppNamespace = "";
}
class AttrDef<Dialect d, string name>
    : DialectAttr<d, CPred<"true">>, AttrOrTypeDef<"Attribute", name> {
  string cppClassName = name # "Attr";
  // What a parameter of this definition holds, as another definition's parameter.
  string cppType = d.cppNamespace # "::" # cppClassName;
}
// A type definition; used as a constraint it admits exactly its own type, and it is
// buildable when it has no parameters.
class TypeDef<Dialect d, string name, string baseCppClass = "::mlir::Type">
    : DialectType<d, CPred<"true">>, AttrOrTypeDef<"Type", name, baseCppClass> {
  string cppClassName = name # "Type";
  string cppType = d.cppNamespace # "::" # cppClassName;
  let builderCall = !if(!empty(parameters),
                        "$_builder.getType<" # d.cppNamespace # "::" # cppClassName # ">()",
                        "");
  let predicate = CPred<"::llvm::isa<" # d.cppNamespace # "::" # cppClassName # ">($_self)">;
}
class EnumAttr<Dialect d, EnumAttrInfo info, string mnem>
    : AttrDef<d, info.className> {
  EnumAttrInfo enum = info;
  let mnemonic = mnem;
  let summary = info.summary;
  let description = info.description;
  let parameters = (ins AttrOrTypeParameter<info.cppNamespace # "::" # info.className,
                                            "an enum of type " # info.className>:$value);
}

// ----- common type constraints -----
def AnyType : Type<CPred<"true">, "any type">;
def NoneType : Type<CPred<"::llvm::isa<::mlir::NoneType>($_self)">, "none type", "::mlir::NoneType"> {
  let builderCall = "$_builder.getType<::mlir::NoneType>()";
}
def Index : Type<CPred<"::llvm::isa<::mlir::IndexType>($_self)">, "index", "::mlir::IndexType"> {
  let builderCall = "$_builder.getIndexType()";
}
class I<int width>
    : Type<CPred<"$_self.isSignlessInteger(" # width # ")">, width # "-bit signless integer",
           "::mlir::IntegerType"> {
  int bitwidth = width;
  let builderCall = "$_builder.getIntegerType(" # width # ")";
}
def I1 : I<1>;
def I16 : I<16>;
def I32 : I<32>;
def I64 : I<64>;
def F32 : Type<CPred<"$_self.isF32()">, "32-bit float", "::mlir::FloatType"> {
  let builderCall = "$_builder.getF32Type()";
}
def F64 : Type<CPred<"$_self.isF64()">, "64-bit float", "::mlir::FloatType"> {
  let builderCall = "$_builder.getF64Type()";
}
def FunctionType : Type<CPred<"::llvm::isa<::mlir::FunctionType>($_self)">, "function type",
                        "::mlir::FunctionType">;

// ----- common attribute constraints -----
def UnitAttr : Attr<CPred<"::llvm::isa<::mlir::UnitAttr>($_self)">, "unit attribute"> {
  let storageType = "::mlir::UnitAttr";
  let returnType = "bool";
  let constBuilderCall = "(($0) ? $_builder.getUnitAttr() : nullptr)";
  let convertFromStorage = "$_self != nullptr";
  let defaultValue = "false";
  let valueType = NoneType;
  let isOptional = 1;
}
def AnyAttr : Attr<CPred<"true">, "any attribute"> {
  let storageType = "::mlir::Attribute";
  let returnType = "::mlir::Attribute";
  let convertFromStorage = "$_self";
  let constBuilderCall = "$0";
}
def BoolAttr : Attr<CPred<"::llvm::isa<::mlir::BoolAttr>($_self)">, "bool attribute"> {
  let storageType = "::mlir::BoolAttr";
  let returnType = "bool";
  let valueType = I1;
  let constBuilderCall = "$_builder.getBoolAttr($0)";
}
// Signless integer attributes of one width, read as the C++ integer `ret`.
class TypedSignlessIntegerAttrBase<I t, string ret, string sum>
    : Attr<And<[CPred<"::llvm::isa<::mlir::IntegerAttr>($_self)">,
                CPred<"::llvm::cast<::mlir::IntegerAttr>($_self).getType()."
                      "isSignlessInteger(" # t.bitwidth # ")">]>,
           sum> {
  let storageType = "::mlir::IntegerAttr";
  let returnType = ret;
  let convertFromStorage = "$_self.getValue().getZExtValue()";
  let constBuilderCall = "$_builder.getIntegerAttr(" # t.builderCall # ", $0)";
  let valueType = t;
}
def I16Attr : TypedSignlessIntegerAttrBase<I16, "uint16_t", "16-bit signless integer attribute">;
def I32Attr : TypedSignlessIntegerAttrBase<I32, "uint32_t", "32-bit signless integer attribute">;
def IntNonNegative : AttrConstraint<
    CPred<"!::llvm::cast<::mlir::IntegerAttr>($_self).getValue().isNegative()">,
    "whose value is non-negative">;
def StrAttr : Attr<CPred<"::llvm::isa<::mlir::StringAttr>($_self)">, "string attribute"> {
  let storageType = "::mlir::StringAttr";
  let returnType = "::llvm::StringRef";
  let constBuilderCall = "$_builder.getStringAttr($0)";
  let valueType = NoneType;
}
def SymbolNameAttr : Attr<StrAttr.predicate, "string attribute"> {
  let storageType = "::mlir::StringAttr";
  let returnType = "::llvm::StringRef";
  let constBuilderCall = "$_builder.getStringAttr($0)";
  let valueType = NoneType;
}
def FlatSymbolRefAttr
    : Attr<CPred<"::llvm::isa<::mlir::FlatSymbolRefAttr>($_self)">,
           "flat symbol reference attribute"> {
  let storageType = "::mlir::FlatSymbolRefAttr";
  let returnType = "::llvm::StringRef";
  let constBuilderCall = "::mlir::SymbolRefAttr::get($_builder.getContext(), $0)";
  let convertFromStorage = "$_self.getValue()";
  let valueType = NoneType;
}
def TypeAttr
    : Attr<And<[CPred<"::llvm::isa<::mlir::TypeAttr>($_self)">,
                CPred<"::llvm::isa<::mlir::Type>(::llvm::cast<::mlir::TypeAttr>($_self).getValue())">,
                SubstLeaves<"$_self", "::llvm::cast<::mlir::TypeAttr>($_self).getValue()",
                            CPred<"true">>]>,
           "any type attribute"> {
  let storageType = "::mlir::TypeAttr";
  let returnType = "::mlir::Type";
  let valueType = NoneType;
  let convertFromStorage = "::llvm::cast<::mlir::Type>($_self.getValue())";
  let constBuilderCall = "::mlir::TypeAttr::get($0)";
}
def SymbolRefAttr
    : Attr<CPred<"::llvm::isa<::mlir::SymbolRefAttr>($_self)">, "symbol reference attribute"> {
  let storageType = "::mlir::SymbolRefAttr";
  let returnType = "::mlir::SymbolRefAttr";
  let valueType = NoneType;
  let constBuilderCall = "::mlir::SymbolRefAttr::get($_builder.getContext(), $0)";
  let convertFromStorage = "$_self";
}
// Array attributes; typed ones check every element against `element`'s predicate.
class ArrayAttrBase<Pred pred, string sum> : Attr<pred, sum> {
  let storageType = "::mlir::ArrayAttr";
  let returnType = "::mlir::ArrayAttr";
  let valueType = NoneType;
  let convertFromStorage = "$_self";
  let constBuilderCall = "$_builder.getArrayAttr($0)";
}
def ArrayAttr : ArrayAttrBase<CPred<"::llvm::isa<::mlir::ArrayAttr>($_self)">, "array attribute">;
class TypedArrayAttrBase<Attr element, string sum>
    : ArrayAttrBase<And<[CPred<"::llvm::isa<::mlir::ArrayAttr>($_self)">,
                         Concat<"::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), "
                                "[&](::mlir::Attribute attr) { return attr && (",
                                SubstLeaves<"$_self", "attr", element.predicate>, "); })">]>,
                    sum> {
  Attr elementAttr = element;
}
def StrArrayAttr : TypedArrayAttrBase<StrAttr, "string array attribute"> {
  let constBuilderCall = "$_builder.getStrArrayAttr($0)";
}
def TypeArrayAttr : TypedArrayAttrBase<TypeAttr, "type array attribute"> {
  let constBuilderCall = "$_builder.getTypeArrayAttr($0)";
}
// Dense integer elements of one signless width (`dense<[1, 2]> : vector<2xi32>`).
class SignlessIntElementsAttr<int width>
    : Attr<And<[CPred<"::llvm::isa<::mlir::DenseIntElementsAttr>($_self)">,
                CPred<"::llvm::cast<::mlir::DenseIntElementsAttr>($_self).getType()."
                      "getElementType().isSignlessInteger(" # width # ")">]>,
           width # "-bit signless integer elements attribute"> {
  let storageType = "::mlir::DenseIntElementsAttr";
  let returnType = "::mlir::DenseIntElementsAttr";
  let convertFromStorage = "$_self";
  let constBuilderCall = "::llvm::cast<::mlir::DenseIntElementsAttr>("
    "::mlir::DenseElementsAttr::get("
    "::mlir::RankedTensorType::get({}, $_builder.getIntegerType(" # width # ")), "
    "::llvm::ArrayRef($0)))";
}
def I32ElementsAttr : SignlessIntElementsAttr<32>;
class TypeAttrOf<Type ty>
    : Attr<And<[CPred<"::llvm::isa<::mlir::TypeAttr>($_self)">,
                CPred<"::llvm::isa<" # ty.cppClassName #
                      ">(::llvm::cast<::mlir::TypeAttr>($_self).getValue())">]>,
           "type attribute of " # ty.summary> {
  let storageType = "::mlir::TypeAttr";
  let returnType = ty.cppClassName;
  let convertFromStorage = "::llvm::cast<" # ty.cppClassName # ">($_self.getValue())";
  let constBuilderCall = "::mlir::TypeAttr::get($0)";
  let valueType = NoneType;
}
def DictArrayAttr
    : Attr<And<[CPred<"::llvm::isa<::mlir::ArrayAttr>($_self)">,
                CPred<"::llvm::all_of(::llvm::cast<::mlir::ArrayAttr>($_self), [&](::mlir::Attribute attr) { return attr && (::llvm::isa<::mlir::DictionaryAttr>(attr)); })">]>,
           "Array of dictionary attributes"> {
  let storageType = "::mlir::ArrayAttr";
  let returnType = "::mlir::ArrayAttr";
  let constBuilderCall = "$_builder.getArrayAttr($0)";
  let valueType = NoneType;
}

// ----- regions -----
def AnyRegion : Region<CPred<"true">, "any region">;

// ----- traits -----
def AffineScope : NativeOpTrait<"AffineScope">;
def AutomaticAllocationScope : NativeOpTrait<"AutomaticAllocationScope">;
def ConstantLike : NativeOpTrait<"ConstantLike">;
def IsolatedFromAbove : NativeOpTrait<"IsIsolatedFromAbove">;
def MemRefsNormalizable : NativeOpTrait<"MemRefsNormalizable">;
def NoRegionArguments : NativeOpTrait<"NoRegionArguments">, StructuralOpTrait;
def NoTerminator : NativeOpTrait<"NoTerminator">, StructuralOpTrait;
def RegionBranchTerminatorOpInterface
    : MlirOpInterface<"RegionBranchTerminatorOpInterface">;
def ReturnLike : TraitList<[
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface>,
    NativeOpTrait<"ReturnLike">]>;
def SingleBlock : NativeOpTrait<"SingleBlock">, StructuralOpTrait;
def SymbolTable : NativeOpTrait<"SymbolTable">;
def Terminator : NativeOpTrait<"IsTerminator">;
def HasOnlyGraphRegion : NativeOpTrait<"HasOnlyGraphRegion">;
def AttrSizedOperandSegments : NativeOpTrait<"AttrSizedOperandSegments">, StructuralOpTrait;
def AttrSizedResultSegments : NativeOpTrait<"AttrSizedResultSegments">, StructuralOpTrait;
def SameVariadicOperandSize : GenInternalOpTrait<"SameVariadicOperandSize">;
def SameVariadicResultSize : GenInternalOpTrait<"SameVariadicResultSize">;
def SameOperandsAndResultType : NativeOpTrait<"SameOperandsAndResultType">;
def SameTypeOperands : NativeOpTrait<"SameTypeOperands">;
class ParentOneOf<list<string> ops>
    : NativeOpTrait<"HasParent<" # !interleave(ops, ", ") # ">::Impl">, StructuralOpTrait;
class HasParent<string op> : ParentOneOf<[op]>;

def AlwaysSpeculatableImplTrait : NativeOpTrait<"AlwaysSpeculatableImplTrait">;
def ConditionallySpeculatable : MlirOpInterface<"ConditionallySpeculatable">;
def RecursiveMemoryEffects : NativeOpTrait<"HasRecursiveMemoryEffects">;
def NoMemoryEffect : MemoryEffects<[]>;
def AlwaysSpeculatable
    : TraitList<[DeclareOpInterfaceMethods<ConditionallySpeculatable>,
                 AlwaysSpeculatableImplTrait]>;
def Pure : TraitList<[AlwaysSpeculatable, NoMemoryEffect]>;

def OpAsmOpInterface : MlirOpInterface<"OpAsmOpInterface">;
def RegionKindInterface : MlirOpInterface<"RegionKindInterface">;
def SymbolOpInterface : MlirOpInterface<"SymbolOpInterface">;
def Symbol : MlirOpInterface<"SymbolOpInterface">;
def SymbolUserOpInterface : MlirOpInterface<"SymbolUserOpInterface">;
def CallableOpInterface : MlirOpInterface<"CallableOpInterface">;
def CallOpInterface : MlirOpInterface<"CallOpInterface">;
def FunctionOpInterface
    : MlirOpInterface<"FunctionOpInterface", [Symbol, CallableOpInterface]>;
def GraphRegionNoTerminator
    : TraitList<[NoTerminator, SingleBlock, RegionKindInterface, HasOnlyGraphRegion]>;

#endif // TESSERA_OPBASE_TD
