//! Op traits classified the way ODS does: native C++ traits, predicate traits (checked by a
//! condition over the op), interfaces (with side effects as a special case), and internal
//! traits that only steer code generation.
//!
//! Trait lists are flattened (`TraitList` expands in place, an interface is preceded by its
//! base interfaces) and deduplicated by record, keeping the first occurrence: declaration
//! order is verification order.

use crate::pred::{read_pred, Pred};
use crate::reader::Reader;
use tessera_tablegen::RecId;

/// Nesting of `TraitList`s beyond which a list is reported instead of expanded.
const MAX_TRAIT_LIST_DEPTH: u32 = 64;

/// One trait of an op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trait {
    /// The trait record's name (`anonymous_N` for inline ones such as
    /// `DeclareOpInterfaceMethods<...>`).
    pub record: String,
    /// The C++ trait as declared (`trait`), e.g. `SameOperandsAndResultType` or, for an
    /// interface, `InferTypeOpInterface::Trait`; empty for predicate traits.
    pub cpp: String,
    /// The C++ namespace of `cpp` (`cppNamespace`), e.g. `::mlir::OpTrait`; may be empty.
    pub cpp_namespace: String,
    /// What kind of trait it is.
    pub kind: TraitKind,
}

/// The kinds of trait ODS distinguishes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraitKind {
    /// A C++ trait class (`NativeTrait`, e.g. `NativeOpTrait<"Commutative">`).
    Native {
        /// Whether it is structural (`StructuralOpTrait`): it constrains the op's shape
        /// (terminators, parents, regions) and is verified before other traits.
        structural: bool,
    },
    /// A condition over the op (`PredTrait`, e.g. `AllTypesMatch`, `TypesMatchWith`).
    Predicate {
        /// What the condition says, for messages.
        summary: String,
        /// The condition.
        pred: Pred,
        /// The type relation it states, for the traits that relate the types of named
        /// operands, results and attributes (ODS infers result types from these).
        types: Option<TypeRelation>,
    },
    /// An interface (`InterfaceTrait`, e.g. `OpInterface`, `DeclareOpInterfaceMethods`).
    Interface {
        /// Methods the op declares itself (`DeclareOpInterfaceMethods`), or `None` when the
        /// op relies on the interface's defaults.
        declared_methods: Option<Vec<String>>,
        /// For side-effect interfaces (`SideEffectsTraitBase`, e.g. `MemoryEffects<[...]>`),
        /// the effects the op has.
        effects: Option<Effects>,
    },
    /// A trait that only changes what is generated (`GenInternalTrait`).
    Internal,
}

/// A relation between the types of an op's named values, stated by a predicate trait.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeRelation {
    /// `AllTypesMatch`: every named value has the same type.
    AllMatch(Vec<String>),
    /// `TypesMatchWith` (and its variants): `rhs`'s type is `transformer` applied to `lhs`'s.
    MatchWith {
        /// The source value.
        lhs: String,
        /// The value whose type follows.
        rhs: String,
        /// C++ computing the type from `$_self` (the source's type).
        transformer: String,
    },
}

/// The static side effects an op declares through one side-effect interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effects {
    /// The C++ effect base (`baseEffectName`), e.g. `::mlir::MemoryEffects::Effect`.
    pub base: String,
    /// The effects, in declaration order.
    pub effects: Vec<Effect>,
}

/// One declared side effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effect {
    /// The C++ effect (`effect`), e.g. `::mlir::MemoryEffects::Read`.
    pub effect: String,
    /// The resource it acts on (`resource`), e.g. `::mlir::SideEffects::DefaultResource`.
    pub resource: String,
}

impl Trait {
    /// The fully qualified C++ trait, e.g. `::mlir::OpTrait::SameOperandsAndResultType`.
    pub fn qualified_name(&self) -> String {
        if self.cpp_namespace.is_empty() {
            self.cpp.clone()
        } else {
            format!("{}::{}", self.cpp_namespace, self.cpp)
        }
    }

    /// Whether this is the trait whose fully qualified C++ name is `qualified`.
    pub fn is(&self, qualified: &str) -> bool {
        match qualified.strip_suffix(self.cpp.as_str()) {
            Some("") => self.cpp_namespace.is_empty(),
            Some(ns) => ns.strip_suffix("::") == Some(self.cpp_namespace.as_str()),
            None => false,
        }
    }

    /// Whether the trait is an interface.
    pub fn is_interface(&self) -> bool {
        matches!(self.kind, TraitKind::Interface { .. })
    }
}

/// Reads the `traits` list of `rec`: flattened, deduplicated, each one classified.
pub(crate) fn read_traits(r: &mut Reader, rec: RecId) -> Vec<(RecId, Trait)> {
    let mut seen: Vec<RecId> = Vec::new();
    let list = r.defs(rec, "traits");
    flatten(r, rec, &list, &mut seen, 0);
    seen.into_iter().map(|t| (t, read_trait(r, t))).collect()
}

fn flatten(r: &mut Reader, op: RecId, list: &[RecId], seen: &mut Vec<RecId>, depth: u32) {
    if depth > MAX_TRAIT_LIST_DEPTH {
        r.error(op, "trait lists nested too deeply");
        return;
    }
    for &t in list {
        if r.is_a(t, "TraitList") {
            let inner = r.defs(t, "traits");
            flatten(r, op, &inner, seen, depth + 1);
            continue;
        }
        if seen.contains(&t) {
            continue;
        }
        // An interface brings its base interfaces, which come first.
        if r.is_a(t, "Interface") && r.has_field(t, "baseInterfaces") {
            let bases = r.defs(t, "baseInterfaces");
            flatten(r, op, &bases, seen, depth + 1);
        }
        // Traits can rely on others being verified first; the order must say so.
        if r.has_field(t, "dependentTraits") {
            for dep in r.defs(t, "dependentTraits") {
                if !seen.contains(&dep) {
                    let (name, needed) = (
                        r.string_or_empty(t, "trait"),
                        r.string_or_empty(dep, "trait"),
                    );
                    r.error(
                        op,
                        format!("{name} requires {needed} to precede it in traits list"),
                    );
                }
            }
        }
        if !seen.contains(&t) {
            seen.push(t);
        }
    }
}

/// Classifies one trait record, in upstream's order of precedence.
pub(crate) fn read_trait(r: &mut Reader, rec: RecId) -> Trait {
    let record = r.name(rec);
    if r.is_a(rec, "PredTrait") {
        let pred = match r.def(rec, "predicate") {
            Some(p) => read_pred(r, p),
            None => Pred::Leaf(String::new()),
        };
        let types = if r.is_a(rec, "AllTypesMatch") {
            Some(TypeRelation::AllMatch(r.strings(rec, "values")))
        } else if r.is_a(rec, "TypesMatchWith") {
            Some(TypeRelation::MatchWith {
                lhs: r.string(rec, "lhs"),
                rhs: r.string(rec, "rhs"),
                transformer: r.string(rec, "transformer"),
            })
        } else {
            None
        };
        return Trait {
            record,
            cpp: String::new(),
            cpp_namespace: String::new(),
            kind: TraitKind::Predicate {
                summary: r.string_or_empty(rec, "summary"),
                pred,
                types,
            },
        };
    }
    let cpp = r.string_or_empty(rec, "trait");
    let cpp_namespace = r.string_or_empty(rec, "cppNamespace");
    let kind = if r.is_a(rec, "GenInternalTrait") {
        TraitKind::Internal
    } else if r.is_a(rec, "InterfaceTrait") {
        let declared_methods = r
            .is_a(rec, "DeclareInterfaceMethods")
            .then(|| r.strings(rec, "alwaysOverriddenMethods"));
        let effects = r.is_a(rec, "SideEffectsTraitBase").then(|| Effects {
            base: r.string(rec, "baseEffectName"),
            effects: r
                .defs(rec, "effects")
                .into_iter()
                .map(|e| Effect {
                    effect: r.string(e, "effect"),
                    resource: r.string(e, "resource"),
                })
                .collect(),
        });
        TraitKind::Interface {
            declared_methods,
            effects,
        }
    } else if r.is_a(rec, "NativeTrait") {
        TraitKind::Native {
            structural: r.is_a(rec, "StructuralOpTrait"),
        }
    } else {
        r.error(
            rec,
            format!("'{record}' is not a native, predicate, interface or internal trait"),
        );
        TraitKind::Internal
    };
    Trait {
        record,
        cpp,
        cpp_namespace,
        kind,
    }
}
