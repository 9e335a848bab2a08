//! Positions (where in the matched IR a value lives), questions (what is asked of it) and
//! answers, hash-consed under small ids so that equal predicates of different patterns are
//! one predicate and compare by id.
//!
//! The kinds are declared in the order the compiler ranks them: among predicates shared by
//! equally many patterns, a shallower position, then an earlier position kind, then an
//! earlier question kind is tested first. That order is upstream's, and it decides the shape
//! of the printed matcher.

use rustc_hash::FxHashMap;
use std::num::NonZeroU32;
use tessera_ir::{Attr, Type};

/// A hash-consed position (its index plus one, so that an optional id takes four bytes:
/// the decision tree stores two per node).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PosId(NonZeroU32);

/// A hash-consed question (its index plus one, as [`PosId`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct QuestionId(NonZeroU32);

/// The id of the `index`-th entry of a table.
fn id_of(index: usize) -> NonZeroU32 {
    NonZeroU32::new(index as u32 + 1).expect("fewer than 2^32 - 1 entries")
}

/// The table index an id names.
fn index_of(id: NonZeroU32) -> usize {
    id.get() as usize - 1
}

/// Position kinds, in rank order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum PosKind {
    Operation,
    Operand,
    OperandGroup,
    Attribute,
    ConstraintResult,
    Result,
    ResultGroup,
    Type,
    AttributeLiteral,
    TypeLiteral,
    Users,
    ForEach,
}

/// What identifies a position. Operation positions carry the depth of the operation (the
/// root is 0, each defining-op or user step adds one) as part of their identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Position {
    /// An operation: the root (no parent), the op defining an operand, or a user reached
    /// through a `ForEach`.
    Operation {
        parent: Option<PosId>,
        depth: u32,
    },
    Operand {
        op: PosId,
        index: u32,
    },
    /// Operands from group `group` on (all operands if `None`); `variadic` says whether the
    /// group may hold more than one value.
    OperandGroup {
        op: PosId,
        group: Option<u32>,
        variadic: bool,
    },
    /// An attribute, by its name (a string attribute).
    Attribute {
        op: PosId,
        name: Attr,
    },
    /// Result `index` of a native constraint.
    ConstraintResult {
        question: QuestionId,
        index: u32,
    },
    Result {
        op: PosId,
        index: u32,
    },
    ResultGroup {
        op: PosId,
        group: Option<u32>,
        variadic: bool,
    },
    /// The type of an attribute, operand or result position.
    Type {
        of: PosId,
    },
    /// A constant attribute the pattern mentions.
    AttributeLiteral(Attr),
    /// A constant type (`TypeAttr`) or type list (`ArrayAttr`) the pattern mentions.
    TypeLiteral(Attr),
    /// The users of a value (of a range's first value if `representative`).
    Users {
        of: PosId,
        representative: bool,
    },
    /// One user at a time, in the loop numbered `id`.
    ForEach {
        users: PosId,
        id: u32,
    },
}

impl Position {
    /// This position's kind.
    pub(crate) fn kind(&self) -> PosKind {
        match self {
            Position::Operation { .. } => PosKind::Operation,
            Position::Operand { .. } => PosKind::Operand,
            Position::OperandGroup { .. } => PosKind::OperandGroup,
            Position::Attribute { .. } => PosKind::Attribute,
            Position::ConstraintResult { .. } => PosKind::ConstraintResult,
            Position::Result { .. } => PosKind::Result,
            Position::ResultGroup { .. } => PosKind::ResultGroup,
            Position::Type { .. } => PosKind::Type,
            Position::AttributeLiteral(_) => PosKind::AttributeLiteral,
            Position::TypeLiteral(_) => PosKind::TypeLiteral,
            Position::Users { .. } => PosKind::Users,
            Position::ForEach { .. } => PosKind::ForEach,
        }
    }

    /// The position this one is read from, if any.
    pub(crate) fn parent(&self) -> Option<PosId> {
        match *self {
            Position::Operation { parent, .. } => parent,
            Position::Operand { op, .. }
            | Position::OperandGroup { op, .. }
            | Position::Attribute { op, .. }
            | Position::Result { op, .. }
            | Position::ResultGroup { op, .. } => Some(op),
            Position::Type { of } | Position::Users { of, .. } => Some(of),
            Position::ForEach { users, .. } => Some(users),
            Position::ConstraintResult { .. }
            | Position::AttributeLiteral(_)
            | Position::TypeLiteral(_) => None,
        }
    }
}

/// The operands or the results of an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum List {
    Operands,
    Results,
}

/// Question kinds, in rank order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum QuestionKind {
    IsNotNull,
    OperationName,
    Type,
    Attribute,
    OperandCountAtLeast,
    OperandCount,
    ResultCountAtLeast,
    ResultCount,
    EqualTo,
    Constraint,
}

/// What identifies a question.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Question {
    Simple(QuestionKind),
    /// Whether the value equals the one at another position.
    EqualTo(PosId),
    /// A native constraint over argument positions, with its result types.
    Constraint {
        name: Attr,
        args: Box<[PosId]>,
        result_types: Box<[Type]>,
        negated: bool,
    },
}

impl Question {
    /// This question's kind.
    pub(crate) fn kind(&self) -> QuestionKind {
        match self {
            Question::Simple(k) => *k,
            Question::EqualTo(_) => QuestionKind::EqualTo,
            Question::Constraint { .. } => QuestionKind::Constraint,
        }
    }
}

/// An expected answer. Equal answers are one switch case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Answer {
    Attribute(Attr),
    /// The name as a string attribute.
    OperationName(Attr),
    True,
    /// A `TypeAttr` or an `ArrayAttr` of them.
    Type(Attr),
    Unsigned(u32),
}

/// The hash-consing tables of one compilation.
#[derive(Default)]
pub(crate) struct Predicates {
    positions: Vec<Position>,
    /// Operation depth of each position (that of its nearest operation ancestor).
    depths: Vec<u32>,
    position_ids: FxHashMap<Position, PosId>,
    questions: Vec<Question>,
    question_ids: FxHashMap<Question, QuestionId>,
}

impl Predicates {
    /// The id of `pos`, made if new.
    pub(crate) fn pos(&mut self, pos: Position) -> PosId {
        if let Some(&id) = self.position_ids.get(&pos) {
            return id;
        }
        let depth = match pos {
            Position::Operation { depth, .. } => depth,
            _ => pos.parent().map_or(0, |p| self.depth(p)),
        };
        let id = PosId(id_of(self.positions.len()));
        self.positions.push(pos);
        self.depths.push(depth);
        self.position_ids.insert(pos, id);
        id
    }

    /// The id of `q`, made if new.
    pub(crate) fn question(&mut self, q: Question) -> QuestionId {
        if let Some(&id) = self.question_ids.get(&q) {
            return id;
        }
        let id = QuestionId(id_of(self.questions.len()));
        self.questions.push(q.clone());
        self.question_ids.insert(q, id);
        id
    }

    /// The simple question of `kind`.
    pub(crate) fn simple(&mut self, kind: QuestionKind) -> QuestionId {
        self.question(Question::Simple(kind))
    }

    /// What `id` stands for.
    pub(crate) fn position(&self, id: PosId) -> &Position {
        &self.positions[index_of(id.0)]
    }

    /// What `id` stands for.
    pub(crate) fn get_question(&self, id: QuestionId) -> &Question {
        &self.questions[index_of(id.0)]
    }

    /// The depth of the operation `id` is read from.
    pub(crate) fn depth(&self, id: PosId) -> u32 {
        self.depths[index_of(id.0)]
    }

    /// How many distinct positions there are.
    pub(crate) fn num_positions(&self) -> usize {
        self.positions.len()
    }

    /// The root operation's position.
    pub(crate) fn root(&mut self) -> PosId {
        self.pos(Position::Operation {
            parent: None,
            depth: 0,
        })
    }

    /// The operation defining the value(s) at `operand`, or the user at a `ForEach`.
    pub(crate) fn operation_at(&mut self, parent: PosId) -> PosId {
        let depth = self.depth(parent) + 1;
        self.pos(Position::Operation {
            parent: Some(parent),
            depth,
        })
    }

    /// Whether the operation at `id` was reached as the definition of an operand.
    pub(crate) fn is_operand_defining_op(&self, id: PosId) -> bool {
        match self.position(id) {
            Position::Operation {
                parent: Some(p), ..
            } => matches!(
                self.position(*p),
                Position::Operand { .. } | Position::OperandGroup { .. }
            ),
            _ => false,
        }
    }

    /// Entry `index` of the operands or results of the op at `op`: the single value there
    /// while no variadic entry came before (`grouped` false), else the group starting there.
    pub(crate) fn entry(
        &mut self,
        op: PosId,
        list: List,
        index: u32,
        grouped: bool,
        variadic: bool,
    ) -> PosId {
        self.pos(match (list, grouped) {
            (List::Operands, false) => Position::Operand { op, index },
            (List::Results, false) => Position::Result { op, index },
            (List::Operands, true) => Position::OperandGroup {
                op,
                group: Some(index),
                variadic,
            },
            (List::Results, true) => Position::ResultGroup {
                op,
                group: Some(index),
                variadic,
            },
        })
    }

    /// Whether `id` is the root operation.
    pub(crate) fn is_root(&self, id: PosId) -> bool {
        matches!(self.position(id), Position::Operation { depth: 0, .. })
    }
}
