//! Attribute and type assembly formats (`AttrDef`/`TypeDef` `assemblyFormat`): `$param`,
//! `params`, `struct(...)`, `qualified`, `custom` with `ref`, literals and optional groups,
//! with upstream's checks.

use super::ast::{Element, ElementKind, Span, Variable};
use super::lexer::{Kw, Tok};
use super::parser::{Ctx, Cursor, FormatError, FormatParser, PResult};
use crate::attr_type_def::AttrOrTypeDef;

/// A parsed and checked attribute or type format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefFormat {
    /// The elements, in order.
    pub elements: Vec<Element>,
}

/// The attribute/type format parser.
pub(crate) struct DefParser<'a> {
    cursor: Cursor<'a>,
    def: &'a AttrOrTypeDef,
    seen: Vec<bool>,
}

impl<'a> DefParser<'a> {
    pub(crate) fn new(def: &'a AttrOrTypeDef, text: &'a str) -> DefParser<'a> {
        DefParser {
            cursor: Cursor::new(text),
            def,
            seen: vec![false; def.parameters.len()],
        }
    }

    /// Parses and verifies.
    pub(crate) fn run(mut self) -> Result<DefFormat, Vec<FormatError>> {
        match self.parse_format() {
            Ok(elements) if self.cursor.errors.is_empty() => Ok(DefFormat { elements }),
            _ => Err(self.cursor.errors),
        }
    }

    fn param_optional(&self, element: &Element) -> bool {
        match element.kind {
            ElementKind::Variable(Variable::Param { index, .. }) => {
                self.def.parameters[index].optional
            }
            _ => true,
        }
    }

    fn parse_params(&mut self, span: Span, ctx: Ctx) -> PResult<Element> {
        if ctx != Ctx::TopLevel && ctx != Ctx::Struct {
            return Err(self.cursor.error(
                span.start,
                "`params` can only be used at the top-level context or within a `struct` directive",
            ));
        }
        let mut list = Vec::new();
        for (i, param) in self.def.parameters.iter().enumerate() {
            if self.seen[i] {
                return Err(self.cursor.error(
                    span.start,
                    format!("`params` captures duplicate parameter: {}", param.name),
                ));
            }
            // The self type is not written in the format.
            if param.self_type {
                continue;
            }
            self.seen[i] = true;
            list.push(Element {
                kind: ElementKind::Variable(Variable::Param {
                    index: i,
                    qualified: false,
                }),
                span,
            });
        }
        Ok(Element {
            kind: ElementKind::Params(list),
            span,
        })
    }

    fn parse_struct(&mut self, span: Span, ctx: Ctx) -> PResult<Element> {
        let at = span.start;
        if ctx != Ctx::TopLevel {
            return Err(self
                .cursor
                .error(at, "`struct` can only be used at the top-level context"));
        }
        self.cursor
            .expect(Tok::LParen, "expected '(' before `struct` argument list")?;
        const EXPECTED_FIRST: &str = "`struct` argument list expected a variable or directive";
        // Upstream reports these after the element's own error too.
        let Ok(first) = self.parse_element(Ctx::Struct) else {
            return Err(self.cursor.error(at, EXPECTED_FIRST));
        };
        let list = match first.kind {
            ElementKind::Variable(_) => {
                let mut list = vec![first];
                while self.cursor.tok.kind == Tok::Comma {
                    self.cursor.bump();
                    match self.parse_element(Ctx::Struct) {
                        Ok(e) if matches!(e.kind, ElementKind::Variable(_)) => list.push(e),
                        _ => {
                            return Err(self
                                .cursor
                                .error(at, "expected a variable in `struct` argument list"))
                        }
                    }
                }
                list
            }
            ElementKind::Params(list) => list,
            _ => return Err(self.cursor.error(at, EXPECTED_FIRST)),
        };
        let close = self
            .cursor
            .expect(Tok::RParen, "expected ')' at the end of an argument list")?;
        Ok(Element {
            kind: ElementKind::Struct(list),
            span: span.to(close.span),
        })
    }
}

impl<'a> FormatParser<'a> for DefParser<'a> {
    fn cursor(&mut self) -> &mut Cursor<'a> {
        &mut self.cursor
    }

    fn parse_variable_impl(&mut self, span: Span, name: &str, ctx: Ctx) -> PResult<Element> {
        let at = span.start;
        let Some(i) = self.def.parameters.iter().position(|p| p.name == name) else {
            return Err(self.cursor.error(
                at,
                format!("{} has no parameter named '{name}'", self.def.record),
            ));
        };
        if ctx != Ctx::Ref {
            if std::mem::replace(&mut self.seen[i], true) {
                return Err(self
                    .cursor
                    .error(at, format!("duplicate parameter '{name}'")));
            }
        } else if !self.seen[i] && !self.def.parameters[i].self_type {
            return Err(self.cursor.error(
                at,
                format!("parameter '{name}' must be bound before it is referenced"),
            ));
        }
        Ok(Element {
            kind: ElementKind::Variable(Variable::Param {
                index: i,
                qualified: false,
            }),
            span,
        })
    }

    fn parse_directive_impl(&mut self, span: Span, kw: Kw, ctx: Ctx) -> PResult<Element> {
        let at = span.start;
        match kw {
            Kw::Qualified => {
                self.cursor
                    .expect(Tok::LParen, "expected '(' before argument list")?;
                let mut element = self.parse_element(ctx)?;
                let ElementKind::Variable(Variable::Param { qualified, .. }) = &mut element.kind
                else {
                    return Err(self
                        .cursor
                        .error(at, "`qualified` argument list expected a variable"));
                };
                *qualified = true;
                let close = self
                    .cursor
                    .expect(Tok::RParen, "expected ')' after argument list")?;
                element.span = span.to(close.span);
                Ok(element)
            }
            Kw::Params => self.parse_params(span, ctx),
            Kw::Struct => self.parse_struct(span, ctx),
            Kw::Ref => {
                if ctx != Ctx::Custom {
                    return Err(self
                        .cursor
                        .error(at, "'ref' is only valid within a `custom` directive"));
                }
                self.cursor.expect(Tok::LParen, "expected '('")?;
                let child = self.parse_element(Ctx::Ref)?;
                let close = self.cursor.expect(Tok::RParen, "expeced ')'")?;
                Ok(Element {
                    kind: ElementKind::Ref(Box::new(child)),
                    span: span.to(close.span),
                })
            }
            _ => Err(self.cursor.error(at, "unsupported directive kind")),
        }
    }

    fn verify_custom_args(&mut self, _at: u32, _args: &[Element]) -> PResult<()> {
        // The contexts the arguments were parsed in already decided what may appear.
        Ok(())
    }

    fn verify_optional_group(
        &mut self,
        at: u32,
        elements: &[Element],
        anchor: Option<&Element>,
    ) -> PResult<()> {
        for element in elements {
            match &element.kind {
                ElementKind::Variable(_) if !self.param_optional(element) => {
                    return Err(self
                        .cursor
                        .error(at, "parameters in an optional group must be optional"));
                }
                ElementKind::Params(list) if !list.iter().all(|p| self.param_optional(p)) => {
                    return Err(self.cursor.error(
                        at,
                        "`params` directive allowed in optional group only if all parameters are optional",
                    ));
                }
                ElementKind::Struct(list) if !list.iter().all(|p| self.param_optional(p)) => {
                    return Err(self.cursor.error(
                        at,
                        "`struct` is only allowed in an optional group if all captured parameters are optional",
                    ));
                }
                ElementKind::Custom { args, .. } => {
                    let captured = args
                        .iter()
                        .filter(|a| matches!(a.kind, ElementKind::Variable(_)));
                    if !captured.clone().all(|p| self.param_optional(p)) {
                        return Err(self.cursor.error(
                            at,
                            "`custom` is only allowed in an optional group if all captured parameters are optional",
                        ));
                    }
                }
                _ => {}
            }
        }
        // The anchor is checked with the first branch, even when it is in the else branch.
        let Some(anchor) = anchor else {
            return Ok(());
        };
        match &anchor.kind {
            ElementKind::Variable(_) | ElementKind::Params(_) | ElementKind::Struct(_) => Ok(()),
            ElementKind::Custom { args, .. } => {
                if args
                    .iter()
                    .any(|a| matches!(a.kind, ElementKind::Variable(_)))
                {
                    Ok(())
                } else {
                    Err(self.cursor.error(
                        at,
                        "`custom` directive with no bound parameters cannot be used as optional group anchor",
                    ))
                }
            }
            _ => Err(self
                .cursor
                .error(at, "optional group anchor must be a parameter or directive")),
        }
    }

    fn verify(&mut self, at: u32, elements: &[Element]) -> PResult<()> {
        for (i, param) in self.def.parameters.iter().enumerate() {
            if param.optional {
                continue;
            }
            if !self.seen[i] {
                if param.self_type {
                    continue;
                }
                return Err(self.cursor.error(
                    at,
                    format!("format is missing reference to parameter: {}", param.name),
                ));
            }
            if param.self_type {
                return Err(self
                    .cursor
                    .error(at, "unexpected self type parameter in assembly format"));
            }
        }
        for pair in elements.windows(2) {
            let (ElementKind::Struct(list), ElementKind::Literal(lit)) =
                (&pair[0].kind, &pair[1].kind)
            else {
                continue;
            };
            if lit == "," && list.iter().any(|p| self.param_optional(p)) {
                return Err(self.cursor.error(
                    at,
                    "`struct` directive with optional parameters cannot be followed by a comma literal",
                ));
            }
        }
        Ok(())
    }
}
