//! `--dump-json` output, following upstream's JSON backend: one compact object with sorted
//! keys, one entry per def plus `!instanceof` and `!tablegen_json_version`.

use std::collections::BTreeMap;

use crate::record::{FieldKind, Init, InitId, RecordKeeper};
use tessera_ir::source::SourceLoc as Loc;

/// A JSON value with objects kept sorted, which is how upstream prints them.
enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

impl Json {
    fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(i) => out.push_str(&i.to_string()),
            Json::Str(s) => write_str(out, s),
            Json::Array(a) => {
                out.push('[');
                for (k, v) in a.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Json::Object(o) => {
                out.push('{');
                for (k, (key, v)) in o.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    write_str(out, key);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

impl RecordKeeper {
    fn json_value(&self, i: InitId) -> Json {
        match self.init(i) {
            Init::Unset => return Json::Null,
            Init::Bit(b) => return Json::Int(*b as i64),
            Init::Bits(bits) => {
                return Json::Array(bits.iter().map(|&b| self.json_value(b)).collect())
            }
            Init::Int(v) => return Json::Int(*v),
            Init::Str(s, _) => return Json::Str(s.to_string()),
            Init::List(e, _) => {
                return Json::Array(e.iter().map(|&x| self.json_value(x)).collect())
            }
            _ => {}
        }
        let mut obj = BTreeMap::new();
        obj.insert("printable".to_string(), Json::Str(self.as_string(i)));
        let kind = match self.init(i) {
            Init::Def(r) => {
                obj.insert("def".into(), Json::Str(self.record_name(*r)));
                "def"
            }
            Init::Var(name, _) => {
                obj.insert("var".into(), Json::Str(self.unquoted(*name)));
                "var"
            }
            Init::VarBit(v, bit) if matches!(self.init(*v), Init::Var(..)) => {
                let Init::Var(name, _) = self.init(*v) else {
                    unreachable!("checked by the guard")
                };
                obj.insert("var".into(), Json::Str(self.unquoted(*name)));
                obj.insert("index".into(), Json::Int(*bit as i64));
                "varbit"
            }
            Init::Dag(op, op_name, args, names) => {
                obj.insert("operator".into(), self.json_value(*op));
                if let Some(n) = op_name {
                    obj.insert("name".into(), Json::Str(self.unquoted(*n)));
                }
                let args = args
                    .iter()
                    .zip(names.iter())
                    .map(|(&a, n)| {
                        Json::Array(vec![
                            self.json_value(a),
                            match n {
                                Some(n) => Json::Str(self.unquoted(*n)),
                                None => Json::Null,
                            },
                        ])
                    })
                    .collect();
                obj.insert("args".into(), Json::Array(args));
                "dag"
            }
            _ => "complex",
        };
        obj.insert("kind".into(), Json::Str(kind.into()));
        Json::Object(obj)
    }

    /// `file:line` with the file's base name, as upstream prints record locations.
    fn json_loc(&self, loc: Loc) -> String {
        match self.sources.line_col(loc) {
            Some(lc) => {
                let base = lc.file.rsplit('/').next().unwrap_or(&lc.file).to_string();
                format!("{base}:{}", lc.line)
            }
            None => String::new(),
        }
    }

    /// The whole `--dump-json` document (one line, with a trailing newline).
    pub fn dump_json(&self) -> String {
        let mut root = BTreeMap::new();
        root.insert("!tablegen_json_version".to_string(), Json::Int(1));
        let mut instances: BTreeMap<String, Vec<Json>> = BTreeMap::new();
        for c in self.classes_sorted() {
            instances.entry(self.record_name(c)).or_default();
        }
        for d in self.defs_sorted() {
            let rec = self.record(d);
            let name = self.record_name(d);
            let mut obj = BTreeMap::new();
            let mut fields = Vec::new();
            for rv in &rec.values {
                if rec.template_args.contains(&rv.name) {
                    continue;
                }
                let fname = self.unquoted(rv.name);
                if rv.kind == FieldKind::NonconcreteOk {
                    fields.push(Json::Str(fname.clone()));
                }
                obj.insert(fname, self.json_value(rv.value));
            }
            obj.insert("!fields".into(), Json::Array(fields));
            let supers: Vec<Json> = rec
                .superclasses
                .iter()
                .map(|(c, _)| Json::Str(self.record_name(*c)))
                .collect();
            obj.insert("!superclasses".into(), Json::Array(supers));
            obj.insert("!name".into(), Json::Str(name.clone()));
            obj.insert("!anonymous".into(), Json::Bool(rec.is_anonymous()));
            let locs: Vec<Json> = rec
                .locs
                .iter()
                .map(|&l| Json::Str(self.json_loc(l)))
                .collect();
            obj.insert("!locs".into(), Json::Array(locs));
            for (c, _) in &rec.superclasses {
                instances
                    .entry(self.record_name(*c))
                    .or_default()
                    .push(Json::Str(name.clone()));
            }
            root.insert(name, Json::Object(obj));
        }
        let inst: BTreeMap<String, Json> = instances
            .into_iter()
            .map(|(k, v)| (k, Json::Array(v)))
            .collect();
        root.insert("!instanceof".into(), Json::Object(inst));
        let mut out = String::with_capacity(1 << 20);
        Json::Object(root).write(&mut out);
        out.push('\n');
        out
    }
}
