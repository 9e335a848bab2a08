//! Tokenizer for TableGen source: comments, numbers, strings, `[{ code }]`, bang operators and
//! `include`, with the preprocessor (in `preprocessor.rs`) hooked in at line starts.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::preprocessor::PrepControl;
use tessera_ir::source::{FileId, SourceLoc as Loc, SourceMap};
use tessera_ir::{Diagnostic, Diagnostics, Severity};

/// Every bang operator llvm-tblgen 19 knows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[allow(missing_docs)]
pub enum BangOp {
    Eq,
    Ne,
    Le,
    Lt,
    Ge,
    Gt,
    If,
    Cond,
    IsA,
    Head,
    Tail,
    Size,
    Con,
    Dag,
    Add,
    Sub,
    Mul,
    Div,
    Not,
    LogTwo,
    And,
    Or,
    Xor,
    Shl,
    Sra,
    Srl,
    Cast,
    Empty,
    Subst,
    Foldl,
    Foreach,
    Filter,
    ListConcat,
    ListSplat,
    ListRemove,
    Range,
    StrConcat,
    Interleave,
    Substr,
    Find,
    SetDagOp,
    GetDagOp,
    GetDagArg,
    GetDagName,
    SetDagArg,
    SetDagName,
    Exists,
    ToLower,
    ToUpper,
    Repr,
}

impl BangOp {
    /// Looks up the word after `!`, as upstream's lexer table does (including the deprecated
    /// `!setop`/`!getop` spellings).
    pub fn from_word(w: &str) -> Option<BangOp> {
        use BangOp::*;
        Some(match w {
            "eq" => Eq,
            "ne" => Ne,
            "le" => Le,
            "lt" => Lt,
            "ge" => Ge,
            "gt" => Gt,
            "if" => If,
            "cond" => Cond,
            "isa" => IsA,
            "head" => Head,
            "tail" => Tail,
            "size" => Size,
            "con" => Con,
            "dag" => Dag,
            "add" => Add,
            "sub" => Sub,
            "mul" => Mul,
            "div" => Div,
            "not" => Not,
            "logtwo" => LogTwo,
            "and" => And,
            "or" => Or,
            "xor" => Xor,
            "shl" => Shl,
            "sra" => Sra,
            "srl" => Srl,
            "cast" => Cast,
            "empty" => Empty,
            "subst" => Subst,
            "foldl" => Foldl,
            "foreach" => Foreach,
            "filter" => Filter,
            "listconcat" => ListConcat,
            "listsplat" => ListSplat,
            "listremove" => ListRemove,
            "range" => Range,
            "strconcat" => StrConcat,
            "interleave" => Interleave,
            "substr" => Substr,
            "find" => Find,
            "setdagop" | "setop" => SetDagOp,
            "getdagop" | "getop" => GetDagOp,
            "getdagarg" => GetDagArg,
            "getdagname" => GetDagName,
            "setdagarg" => SetDagArg,
            "setdagname" => SetDagName,
            "exists" => Exists,
            "tolower" => ToLower,
            "toupper" => ToUpper,
            "repr" => Repr,
            _ => return None,
        })
    }
}

/// Token kinds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[allow(missing_docs)]
pub enum Tok {
    Eof,
    Error,
    Minus,
    Plus,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Less,
    Greater,
    Colon,
    Semi,
    Comma,
    Dot,
    Equal,
    Question,
    Paste,
    DotDotDot,
    Assert,
    Bit,
    Bits,
    Class,
    Code,
    Dag,
    Def,
    Defm,
    Defset,
    Deftype,
    Defvar,
    Dump,
    ElseKw,
    False,
    Field,
    Foreach,
    If,
    In,
    Int,
    Let,
    List,
    MultiClass,
    String,
    Then,
    True,
    Bang(BangOp),
    IntVal,
    BinaryIntVal,
    StrVal,
    CodeFragment,
    Id,
    VarName,
}

impl Tok {
    /// Whether this token can start a top-level object.
    pub fn is_object_start(self) -> bool {
        matches!(
            self,
            Tok::Assert
                | Tok::Class
                | Tok::Def
                | Tok::Defm
                | Tok::Defset
                | Tok::Deftype
                | Tok::Defvar
                | Tok::Dump
                | Tok::Foreach
                | Tok::If
                | Tok::Let
                | Tok::MultiClass
        )
    }
}

pub(crate) const EOF: i32 = -1;

/// Deepest nesting of `include`s accepted.
const MAX_INCLUDE_DEPTH: usize = 512;

/// The tokenizer. It owns the [`SourceMap`] because `include` adds buffers while lexing.
pub struct Lexer {
    pub(crate) sm: SourceMap,
    /// Directories searched by `include`, after the path itself.
    include_dirs: Vec<String>,
    pub(crate) buf: Arc<str>,
    pub(crate) cur_file: FileId,
    pub(crate) pos: usize,
    pub(crate) tok_start: usize,
    include_stack: Vec<(FileId, usize)>,
    pub(crate) prep_stack: Vec<Vec<PrepControl>>,
    pub(crate) macros: FxHashSet<String>,
    /// Every file an `include` pulled in, for `-d`.
    pub dependencies: std::collections::BTreeSet<String>,
    /// `include` words whose file name is still being lexed.
    include_words: usize,
    /// Messages reported so far (lexer and parser share this list to keep their order).
    pub diags: Diagnostics,
    cur: Tok,
    cur_loc: Loc,
    /// String payload of the current `Id`, `StrVal`, `VarName` or `CodeFragment`.
    pub cur_str: String,
    /// Value of the current `IntVal` / `BinaryIntVal`.
    pub cur_int: i64,
    /// Number of digits of the current `BinaryIntVal`.
    pub cur_bin_bits: u32,
    /// Files already read, by the name written in `include`: the path found and the text.
    /// Guarded headers are included many times; each inclusion reuses the first read.
    include_cache: FxHashMap<String, (String, Arc<str>)>,
    /// Names of the embedded files (in `include_cache` from the start), which are no
    /// dependencies on disk.
    embedded: FxHashSet<String>,
    /// Memoized skips of `#ifdef`/`#ifndef`/`#else` regions (see `prep_skip_region`).
    pub(crate) skip_memo: FxHashMap<crate::preprocessor::SkipKey, crate::preprocessor::SkipEnd>,
}

impl Lexer {
    /// Starts lexing buffer `main` of `sm`, searching `include_dirs` for includes, with the
    /// given `-D` macros. (llvm-tblgen 19 takes any `-D` spelling as given, so no validation
    /// happens here.)
    pub fn new(sm: SourceMap, main: FileId, include_dirs: Vec<String>, macros: &[String]) -> Lexer {
        let buf = sm.file(main).text().clone();
        let set: FxHashSet<String> = macros.iter().cloned().collect();
        Lexer {
            sm,
            include_dirs,
            buf,
            cur_file: main,
            pos: 0,
            tok_start: 0,
            include_stack: Vec::new(),
            prep_stack: vec![Vec::new()],
            macros: set,
            dependencies: Default::default(),
            include_words: 0,
            diags: Diagnostics::new(),
            cur: Tok::Eof,
            cur_loc: Loc::NONE,
            cur_str: String::new(),
            cur_int: 0,
            cur_bin_bits: 0,
            include_cache: FxHashMap::default(),
            embedded: FxHashSet::default(),
            skip_memo: FxHashMap::default(),
        }
    }

    /// Makes `include "name"` read `text` without looking at the file system.
    pub fn embed(&mut self, name: &str, text: Arc<str>) {
        self.include_cache
            .insert(name.to_string(), (name.to_string(), text));
        self.embedded.insert(name.to_string());
    }

    /// Gives back the source manager once lexing is over.
    pub fn into_parts(self) -> (SourceMap, Diagnostics) {
        (self.sm, self.diags)
    }

    /// The current token.
    pub fn code(&self) -> Tok {
        self.cur
    }

    /// Location of the current token.
    pub fn loc(&self) -> Loc {
        self.cur_loc
    }

    /// Location of the byte at `pos` in the current buffer.
    pub(crate) fn loc_at(&self, pos: usize) -> Loc {
        self.sm.loc(self.cur_file, pos)
    }

    /// Moves to the next token and returns its kind.
    pub fn lex(&mut self) -> Tok {
        let t = self.lex_token(self.pos == 0);
        self.cur = t;
        self.cur_loc = self.loc_at(self.tok_start);
        t
    }

    pub(crate) fn error_at(&mut self, pos: usize, msg: impl Into<String>) -> Tok {
        let loc = self.loc_at(pos);
        self.diags.error(loc, msg);
        Tok::Error
    }

    pub(crate) fn warning_at(&mut self, pos: usize, msg: impl Into<String>) {
        let loc = self.loc_at(pos);
        self.diags
            .report(Diagnostic::new(Severity::Warning, loc, msg));
    }

    /// The byte at `pos + i`, or 0 past the end (upstream buffers are NUL-terminated).
    pub(crate) fn peek(&self, i: usize) -> i32 {
        self.buf
            .as_bytes()
            .get(self.pos + i)
            .map(|&b| b as i32)
            .unwrap_or(0)
    }

    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.buf.len()
    }

    pub(crate) fn next_char(&mut self) -> i32 {
        let bytes = self.buf.as_bytes();
        if self.pos >= bytes.len() {
            return EOF;
        }
        let c = bytes[self.pos];
        self.pos += 1;
        match c {
            0 => {
                // Upstream reports it at the start of the token being lexed.
                let p = self.tok_start;
                self.error_at(p, "NUL character is invalid in source; treated as space");
                b' ' as i32
            }
            b'\n' | b'\r' => {
                if let Some(&n) = bytes.get(self.pos) {
                    if (n == b'\n' || n == b'\r') && n != c {
                        self.pos += 1;
                    }
                }
                b'\n' as i32
            }
            _ => c as i32,
        }
    }

    fn set_buf(&mut self, text: Arc<str>) {
        self.buf = text;
    }

    fn process_eof(&mut self) -> bool {
        if let Some((file, resume)) = self.include_stack.last().copied() {
            if !self.prep_exit_include(false) {
                return false;
            }
            self.include_stack.pop();
            self.cur_file = file;
            self.set_buf(self.sm.file(file).text().clone());
            self.pos = resume;
            self.tok_start = resume;
            return true;
        }
        self.prep_exit_include(true);
        false
    }

    pub(crate) fn lex_token(&mut self, mut file_or_line_start: bool) -> Tok {
        loop {
            self.tok_start = self.pos;
            let c = self.next_char();
            let tok = match c {
                EOF => {
                    if self.process_eof() {
                        file_or_line_start = false;
                        continue;
                    }
                    Tok::Eof
                }
                0x3a => Tok::Colon,
                0x3b => Tok::Semi,
                0x2c => Tok::Comma,
                0x3c => Tok::Less,
                0x3e => Tok::Greater,
                0x5d => Tok::RSquare,
                0x7b => Tok::LBrace,
                0x7d => Tok::RBrace,
                0x28 => Tok::LParen,
                0x29 => Tok::RParen,
                0x3d => Tok::Equal,
                0x3f => Tok::Question,
                0x23 => {
                    if file_or_line_start {
                        if let Some(kind) = self.prep_is_directive() {
                            match self.lex_preprocessor(kind, true) {
                                Some(t) => return t,
                                None => {
                                    file_or_line_start = false;
                                    continue;
                                }
                            }
                        }
                    }
                    Tok::Paste
                }
                0x2e => {
                    if self.peek(0) == b'.' as i32 {
                        self.pos += 1;
                        if self.peek(0) == b'.' as i32 {
                            self.pos += 1;
                            Tok::DotDotDot
                        } else {
                            let s = self.tok_start;
                            self.error_at(s, "Invalid '..' punctuation")
                        }
                    } else {
                        Tok::Dot
                    }
                }
                0x20 | 0x09 => {
                    // Indentation comes in runs; skip them without the per-character checks.
                    let bytes = self.buf.as_bytes();
                    while matches!(bytes.get(self.pos), Some(b' ' | b'\t')) {
                        self.pos += 1;
                    }
                    continue;
                }
                0x0a => {
                    file_or_line_start = true;
                    continue;
                }
                0x2f => {
                    if self.peek(0) == b'/' as i32 {
                        self.skip_line_comment();
                    } else if self.peek(0) == b'*' as i32 {
                        if self.skip_block_comment() {
                            return Tok::Error;
                        }
                    } else {
                        let s = self.tok_start;
                        return self.error_at(s, "Unexpected character");
                    }
                    continue;
                }
                0x2d | 0x2b | 0x30..=0x39 => {
                    let mut next = 0;
                    if (0x30..=0x39).contains(&c) {
                        let mut i = 0;
                        loop {
                            next = self.peek(i);
                            i += 1;
                            if !(0x30..=0x39).contains(&next) {
                                break;
                            }
                        }
                        if next == b'x' as i32 || next == b'b' as i32 {
                            let nn = self.peek(i) as u8;
                            let is_bin_digit = nn == b'0' || nn == b'1';
                            if next == b'b' as i32 && is_bin_digit {
                                return self.lex_number();
                            }
                            if next == b'x' as i32 && nn.is_ascii_hexdigit() {
                                return self.lex_number();
                            }
                        }
                    }
                    if next == b'_' as i32 || (next as u8).is_ascii_alphabetic() && next > 0 {
                        match self.lex_identifier() {
                            Some(t) => return t,
                            // An `include` switched to the new file, which starts a line.
                            None => {
                                file_or_line_start = self.pos == 0;
                                continue;
                            }
                        }
                    }
                    self.lex_number()
                }
                0x22 => self.lex_string(),
                0x24 => self.lex_var_name(),
                0x5b => self.lex_bracket(),
                0x21 => self.lex_exclaim(),
                _ => {
                    if c == b'_' as i32 || (c as u8).is_ascii_alphabetic() && c < 128 {
                        match self.lex_identifier() {
                            Some(t) => return t,
                            // An `include` switched to the new file, which starts a line.
                            None => {
                                file_or_line_start = self.pos == 0;
                                continue;
                            }
                        }
                    }
                    let s = self.tok_start;
                    self.error_at(s, "Unexpected character")
                }
            };
            return tok;
        }
    }

    fn lex_string(&mut self) -> Tok {
        let start = self.pos;
        let buf = self.buf.clone();
        let bytes = buf.as_bytes();
        // Runs between escapes are copied whole; they are valid UTF-8 because they end at
        // ASCII bytes, and escapes only produce ASCII.
        self.cur_str.clear();
        loop {
            let run = bytes[self.pos..]
                .iter()
                .position(|&c| matches!(c, b'"' | b'\\' | b'\n' | b'\r'));
            let Some(k) = run else {
                self.pos = bytes.len();
                return self.error_at(start, "End of file in string literal");
            };
            self.cur_str.push_str(&buf[self.pos..self.pos + k]);
            self.pos += k;
            match bytes[self.pos] {
                b'"' => break,
                b'\n' | b'\r' => return self.error_at(start, "End of line in string literal"),
                _ => {}
            }
            self.pos += 1;
            match bytes.get(self.pos) {
                Some(&c @ (b'\\' | b'\'' | b'"')) => {
                    self.cur_str.push(c as char);
                    self.pos += 1;
                }
                Some(b't') => {
                    self.cur_str.push('\t');
                    self.pos += 1;
                }
                Some(b'n') => {
                    self.cur_str.push('\n');
                    self.pos += 1;
                }
                Some(b'\n') | Some(b'\r') => {
                    let p = self.pos;
                    return self.error_at(p, "escaped newlines not supported in tblgen");
                }
                None => return self.error_at(start, "End of file in string literal"),
                _ => {
                    let p = self.pos;
                    return self.error_at(p, "invalid escape in string literal");
                }
            }
        }
        self.pos += 1;
        Tok::StrVal
    }

    fn lex_var_name(&mut self) -> Tok {
        let c = self.peek(0) as u8;
        if !(c == b'_' || c.is_ascii_alphabetic()) {
            let s = self.tok_start;
            return self.error_at(s, "Invalid variable name");
        }
        let start = self.pos;
        self.pos += 1;
        while is_id_char(self.peek(0)) {
            self.pos += 1;
        }
        self.cur_str.clear();
        self.cur_str.push_str(&self.buf[start..self.pos]);
        Tok::VarName
    }

    /// Lexes an identifier or keyword; `None` when it was an `include` that opened its file
    /// (the caller goes on lexing there).
    fn lex_identifier(&mut self) -> Option<Tok> {
        let start = self.tok_start;
        self.pos = id_end(self.buf.as_bytes(), self.pos);
        let word = &self.buf[start..self.pos];
        Some(match word {
            "int" => Tok::Int,
            "bit" => Tok::Bit,
            "bits" => Tok::Bits,
            "string" => Tok::String,
            "list" => Tok::List,
            "code" => Tok::Code,
            "dag" => Tok::Dag,
            "class" => Tok::Class,
            "def" => Tok::Def,
            "true" => Tok::True,
            "false" => Tok::False,
            "foreach" => Tok::Foreach,
            "defm" => Tok::Defm,
            "defset" => Tok::Defset,
            "deftype" => Tok::Deftype,
            "multiclass" => Tok::MultiClass,
            "field" => Tok::Field,
            "let" => Tok::Let,
            "in" => Tok::In,
            "defvar" => Tok::Defvar,
            "if" => Tok::If,
            "then" => Tok::Then,
            "else" => Tok::ElseKw,
            "assert" => Tok::Assert,
            "dump" => Tok::Dump,
            "include" => {
                if self.lex_include() {
                    return Some(Tok::Error);
                }
                return None;
            }
            _ => {
                // Reuse the buffer: identifiers are the most frequent token.
                self.cur_str.clear();
                self.cur_str.push_str(&self.buf[start..self.pos]);
                Tok::Id
            }
        })
    }

    /// Handles `include "file"`: finds the file (as given, then on the include path) and
    /// switches to it. Returns true on error.
    fn lex_include(&mut self) -> bool {
        // Upstream has no limit and crashes on a file that includes itself; refuse instead.
        if self.include_stack.len() + self.include_words >= MAX_INCLUDE_DEPTH {
            let s = self.tok_start;
            self.error_at(s, "include nested too deeply");
            return true;
        }
        // The file name is lexed by a nested call (`include include ...` nests further).
        self.include_words += 1;
        let tok = self.lex_token(false);
        self.include_words -= 1;
        if tok == Tok::Error {
            return true;
        }
        if tok != Tok::StrVal {
            let s = self.tok_start;
            self.error_at(s, "Expected filename after include");
            return true;
        }
        let name = self.cur_str.clone();
        let (path, text) = match self.include_cache.get(&name) {
            Some((path, text)) => (path.clone(), text.clone()),
            None => {
                let mut found = None;
                if let Ok(text) = std::fs::read(&name) {
                    found = Some((name.clone(), text));
                } else {
                    for dir in &self.include_dirs {
                        let path = std::path::Path::new(dir).join(&name);
                        if let Ok(text) = std::fs::read(&path) {
                            found = Some((path.to_string_lossy().into_owned(), text));
                            break;
                        }
                    }
                }
                let Some((path, text)) = found else {
                    let s = self.tok_start;
                    self.error_at(s, format!("Could not find include file '{name}'"));
                    return true;
                };
                let text: Arc<str> = Arc::from(bytes_to_string(text));
                self.include_cache
                    .insert(name, (path.clone(), text.clone()));
                (path, text)
            }
        };
        let include_loc = self.loc_at(self.pos);
        let idx = self.sm.add_included(path.clone(), text, include_loc);
        if !self.embedded.contains(&path) {
            self.dependencies.insert(path);
        }
        self.include_stack.push((self.cur_file, self.pos));
        self.cur_file = idx;
        self.set_buf(self.sm.file(idx).text().clone());
        self.pos = 0;
        self.prep_stack.push(Vec::new());
        false
    }

    pub(crate) fn skip_line_comment(&mut self) {
        let len = self.buf.len();
        let start = self.pos.min(len);
        let nl = crate::preprocessor::find_byte(&self.buf, start, b'\n').unwrap_or(len);
        // A lone carriage return also ends the comment; look for one only up to `nl` (a
        // fast search first, as carriage returns are rare).
        if !self.buf.as_bytes()[start..nl].contains(&b'\r') {
            self.pos = nl;
            return;
        }
        let cr = self.buf.as_bytes()[start..nl]
            .iter()
            .position(|&b| b == b'\r');
        self.pos = cr.map_or(nl, |k| start + k);
    }

    /// Skips a nested `/* */` comment; `pos` is on the `*`. Returns true on error.
    pub(crate) fn skip_block_comment(&mut self) -> bool {
        self.pos += 1;
        let mut depth = 1u32;
        loop {
            let c = self.next_char();
            match c {
                EOF => {
                    let s = self.tok_start;
                    self.error_at(s, "Unterminated comment!");
                    return true;
                }
                0x2a => {
                    if self.peek(0) != b'/' as i32 {
                        continue;
                    }
                    self.pos += 1;
                    depth -= 1;
                    if depth == 0 {
                        return false;
                    }
                }
                0x2f => {
                    if self.peek(0) != b'*' as i32 {
                        continue;
                    }
                    self.pos += 1;
                    depth += 1;
                }
                _ => {}
            }
        }
    }

    fn lex_number(&mut self) -> Tok {
        let bytes = self.buf.clone();
        let bytes = bytes.as_bytes();
        let mut base = 0u32;
        let mut num_start = self.pos;
        if bytes[self.pos - 1] == b'0' {
            num_start = self.pos + 1;
            if self.peek(0) == b'x' as i32 {
                base = 16;
                loop {
                    self.pos += 1;
                    if !(self.peek(0) as u8).is_ascii_hexdigit() || self.at_end() {
                        break;
                    }
                }
            } else if self.peek(0) == b'b' as i32 {
                base = 2;
                loop {
                    self.pos += 1;
                    let c = self.peek(0);
                    if c != b'0' as i32 && c != b'1' as i32 {
                        break;
                    }
                }
            }
        }
        let mut is_minus = false;
        if base == 0 {
            if !(self.peek(0) as u8).is_ascii_digit() || self.at_end() {
                if bytes[self.pos - 1] == b'-' {
                    return Tok::Minus;
                } else if bytes[self.pos - 1] == b'+' {
                    return Tok::Plus;
                }
            }
            base = 10;
            num_start = self.tok_start;
            is_minus = bytes[self.pos - 1] == b'-';
            while (self.peek(0) as u8).is_ascii_digit() && !self.at_end() {
                self.pos += 1;
            }
        }
        if self.pos <= num_start {
            let s = self.tok_start;
            return self.error_at(s, "Invalid number");
        }
        let text = &self.buf[num_start..self.pos];
        let (neg, digits) = match text.as_bytes()[0] {
            b'-' => (true, &text[1..]),
            b'+' => (false, &text[1..]),
            _ => (false, text),
        };
        let parsed = u64::from_str_radix(digits, base);
        let value = match parsed {
            Ok(v) => {
                if is_minus {
                    if v > (i64::MAX as u64) + 1 {
                        let s = self.tok_start;
                        return self.error_at(s, "Number out of range");
                    }
                    (v as i64).wrapping_neg()
                } else if neg {
                    (v as i64).wrapping_neg()
                } else {
                    v as i64
                }
            }
            Err(_) => {
                let s = self.tok_start;
                return self.error_at(s, "Number out of range");
            }
        };
        self.cur_int = value;
        if base == 2 {
            self.cur_bin_bits = (self.pos - num_start) as u32;
            Tok::BinaryIntVal
        } else {
            Tok::IntVal
        }
    }

    fn lex_bracket(&mut self) -> Tok {
        if self.peek(0) != b'{' as i32 {
            return Tok::LSquare;
        }
        self.pos += 1;
        let code_start = self.pos;
        loop {
            // Jump to the next `}` (code blocks are long), unless a NUL is on the way: each
            // needs its diagnostic, so those stretches go character by character below.
            let bytes = self.buf.as_bytes();
            let end = crate::preprocessor::find_byte(&self.buf, self.pos, b'}');
            let from = self.pos.min(bytes.len());
            let stretch = &bytes[from..end.unwrap_or(bytes.len())];
            if stretch.contains(&0) {
                // Nothing before the NUL can end the block.
                self.pos = from + stretch.iter().position(|&b| b == 0).unwrap_or(0);
            } else {
                match end {
                    Some(k) => self.pos = k,
                    None => {
                        self.pos = bytes.len();
                        break;
                    }
                }
            }
            let c = self.next_char();
            if c == EOF {
                break;
            }
            if c != b'}' as i32 {
                continue;
            }
            // Upstream consumes the character after a `}` whatever it is, so `}}]` does not
            // end the block at its second brace.
            let c = self.next_char();
            if c == EOF {
                break;
            }
            if c == b']' as i32 {
                self.cur_str.clear();
                self.cur_str.push_str(&self.buf[code_start..self.pos - 2]);
                return Tok::CodeFragment;
            }
        }
        self.error_at(code_start - 2, "Unterminated code block")
    }

    fn lex_exclaim(&mut self) -> Tok {
        if !(self.peek(0) as u8).is_ascii_alphabetic() || self.at_end() {
            let p = self.pos - 1;
            return self.error_at(p, "Invalid \"!operator\"");
        }
        let start = self.pos;
        self.pos += 1;
        while (self.peek(0) as u8).is_ascii_alphabetic() && !self.at_end() {
            self.pos += 1;
        }
        match BangOp::from_word(&self.buf[start..self.pos]) {
            Some(op) => Tok::Bang(op),
            None => self.error_at(start - 1, "Unknown operator"),
        }
    }
}

/// Whether each byte can continue an identifier (`[A-Za-z0-9_]`).
static ID_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b == b'_' || b.is_ascii_alphanumeric();
        c += 1;
    }
    t
};

/// The end of the identifier characters starting at `pos`.
#[inline]
fn id_end(bytes: &[u8], pos: usize) -> usize {
    let rest = &bytes[pos.min(bytes.len())..];
    pos + rest
        .iter()
        .position(|&b| !ID_CHAR[b as usize])
        .unwrap_or(rest.len())
}

pub(crate) fn is_id_char(c: i32) -> bool {
    c > 0 && c < 128 && {
        let c = c as u8;
        c == b'_' || c.is_ascii_alphanumeric()
    }
}

/// Source bytes as text; invalid UTF-8 is replaced rather than rejected.
pub fn bytes_to_string(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}
