//! The parser's view of the lexer: tokens lexed ahead on another thread.
//!
//! Lexing (includes, the preprocessor, comments, code blocks) needs nothing from the parser,
//! so a producer runs the [`Lexer`] on one thread and hands tokens over in batches while the
//! parser evaluates on another; on two cores that takes lexing off the critical path. The
//! producer is the calling thread of `parse_source` (the evaluator gets a thread with a big
//! stack) or a worker thread of its own ([`TokenStream::spawn`]).
//!
//! Everything the lexer produces besides the token travels with the token that produced it:
//! its messages (appended to the shared message list only when the parser reaches that token,
//! so lexer and parser messages interleave exactly as in a sequential run), the files it
//! included, and the string payload when the lexer wrote one. Nothing else flows back, so a
//! run gives the same output and diagnostics as lexing on demand.
//!
//! The producer stops after the end-of-file token and passes the lexer back; should the parser
//! ask for more (it gets `Eof` again, possibly with diagnostics), it runs the lexer on demand.
//! When the parser stops early, dropping the batch receiver stops the producer at its next
//! batch, so it never runs far ahead of a failed parse (the channel is bounded).

use std::collections::BTreeSet;
use std::sync::mpsc::{channel, sync_channel, Receiver, Sender, SyncSender, TrySendError};
use std::thread::JoinHandle;

use crate::diag::{Loc, Message, SourceMgr};
use crate::lexer::{Lexer, Tok};

/// Tokens per batch: large enough to make the hand-over cost negligible.
const BATCH: usize = 512;
/// Batches the producer may be ahead of the parser: some milliseconds of evaluation, so the
/// parser never waits for a producer that had to wait itself. Consumed batches go back to the
/// producer, so a run uses about this many batches whatever its size (every new one was fresh
/// memory for the kernel to zero: 4 MiB of them for SPIRVOps.td when the lead was 256).
const AHEAD: usize = 16;
/// Stack of the lexing thread (`include` and preprocessor directives recurse).
const LEXER_STACK: usize = 64 << 20;

/// One lexed token and where its parts are in the batch's side tables.
#[derive(Clone, Copy)]
struct Token {
    tok: Tok,
    /// Whether the lexer wrote a new string payload: `text[str_start..str_end]`.
    has_str: bool,
    /// Whether messages or included files came with the token (they end at `msgs_end` and
    /// `deps_end` and start where the previous token's end).
    side: bool,
    loc: Loc,
    bin_bits: u32,
    str_start: u32,
    str_end: u32,
    msgs_end: u32,
    deps_end: u32,
    int: i64,
}

/// A run of tokens with their string payloads, messages and included files.
#[derive(Default)]
struct Batch {
    toks: Vec<Token>,
    text: String,
    msgs: Vec<Message>,
    deps: Vec<String>,
}

impl Batch {
    fn clear(&mut self) {
        self.toks.clear();
        self.text.clear();
        self.msgs.clear();
        self.deps.clear();
    }

    /// Lexes one token into the batch.
    fn push_next(&mut self, lex: &mut Lexer) -> Tok {
        let tok = lex.lex();
        let has_str = lex.str_changed;
        let str_start = self.text.len() as u32;
        if has_str {
            self.text.push_str(&lex.cur_str);
            lex.str_changed = false;
        }
        let side = !lex.msgs.is_empty() || !lex.dep_log.is_empty();
        if side {
            self.msgs.append(&mut lex.msgs);
            self.deps.append(&mut lex.dep_log);
        }
        self.toks.push(Token {
            tok,
            has_str,
            side,
            loc: lex.loc(),
            bin_bits: lex.cur_bin_bits,
            str_start,
            str_end: self.text.len() as u32,
            msgs_end: self.msgs.len() as u32,
            deps_end: self.deps.len() as u32,
            int: lex.cur_int,
        });
        tok
    }
}

/// The sending end of a token stream: batches, then the lexer itself.
pub(crate) struct Producer {
    batches: SyncSender<Batch>,
    lexer_back: Sender<Lexer>,
    /// Batches the parser is done with, to be filled again.
    recycled: Receiver<Batch>,
}

impl Producer {
    /// Lexes batches until end of file or until the parser hangs up, then passes the lexer
    /// (with its source buffers) back to the parser.
    pub(crate) fn run(self, lex: Lexer) {
        let lex = produce(lex, self.batches, self.recycled);
        // The parser is gone only if it failed; its result reports that.
        let _ = self.lexer_back.send(lex);
    }
}

/// Lexes batches until end of file or until the parser hangs up.
fn produce(mut lex: Lexer, tx: SyncSender<Batch>, recycled: Receiver<Batch>) -> Lexer {
    loop {
        let mut b = recycled.try_recv().unwrap_or_default();
        b.clear();
        b.toks.reserve(BATCH);
        let mut at_end = false;
        while b.toks.len() < BATCH {
            if b.push_next(&mut lex) == Tok::Eof {
                at_end = true;
                break;
            }
        }
        if !send(&tx, b) || at_end {
            return lex;
        }
    }
}

/// Hands a batch to the parser, waiting while the channel is full; false if the parser is
/// gone. The wait polls first (see [`crate::placement::poll_for`]): woken from a blocking
/// send, this thread was queued on the parser's CPU, behind the parser.
fn send(tx: &SyncSender<Batch>, b: Batch) -> bool {
    let mut pending = Some(b);
    let polled = crate::placement::poll_for(|| match tx.try_send(pending.take()?) {
        Ok(()) => Some(true),
        Err(TrySendError::Full(back)) => {
            pending = Some(back);
            None
        }
        Err(TrySendError::Disconnected(_)) => Some(false),
    });
    polled.unwrap_or_else(|| {
        crate::placement::wait_here(|| pending.take().is_some_and(|b| tx.send(b).is_ok()))
    })
}

/// Where tokens come from: a producer, or (after it stopped) the lexer itself.
enum Source {
    /// Batches, then the lexer once the producer is done with it.
    Producer {
        batches: Receiver<Batch>,
        lexer_back: Receiver<Lexer>,
        /// Where consumed batches go back to the producer.
        recycle: Sender<Batch>,
    },
    Inline(Box<Lexer>),
    /// Only while switching between the two.
    Gone,
}

/// The token interface the parser uses: the current token and its payload, plus the ordered
/// message list that lexer and parser share.
pub(crate) struct TokenStream {
    source: Source,
    batch: Batch,
    next: usize,
    cur: Tok,
    cur_loc: Loc,
    /// String payload of the current `Id`, `StrVal`, `VarName` or `CodeFragment`.
    pub(crate) cur_str: String,
    /// Value of the current `IntVal` / `BinaryIntVal`.
    pub(crate) cur_int: i64,
    /// Number of digits of the current `BinaryIntVal`.
    pub(crate) cur_bin_bits: u32,
    /// Messages of lexer and parser, in order.
    pub(crate) msgs: Vec<Message>,
    /// The lexing thread of [`TokenStream::spawn`], joined once it has passed the lexer back.
    worker: Option<JoinHandle<()>>,
    /// Every file an `include` pulled in (among the tokens consumed), for `-d`.
    pub(crate) dependencies: BTreeSet<String>,
}

impl TokenStream {
    /// A stream fed by a [`Producer`] on another thread (see [`Producer::run`]).
    pub(crate) fn channel() -> (Producer, TokenStream) {
        let (batches, rx) = sync_channel(AHEAD);
        let (lexer_back, back_rx) = channel();
        let (recycle, recycled) = channel();
        let producer = Producer {
            batches,
            lexer_back,
            recycled,
        };
        let source = Source::Producer {
            batches: rx,
            lexer_back: back_rx,
            recycle,
        };
        (producer, TokenStream::with_source(source))
    }

    /// Starts lexing on a worker thread of its own (or inline if no thread can be started).
    pub(crate) fn spawn(lex: Lexer) -> TokenStream {
        let (producer, stream) = TokenStream::channel();
        // The lexer is sent over once the thread exists, so it is still here if it does not.
        let (lex_tx, lex_rx) = channel::<Lexer>();
        let builder = std::thread::Builder::new()
            .name("tblgen-lexer".into())
            .stack_size(LEXER_STACK);
        let spawned = crate::placement::spawn_beside(builder, move || {
            if let Ok(lex) = lex_rx.recv() {
                producer.run(lex);
            }
        });
        let (unsent, worker) = match spawned {
            Ok(handle) => (lex_tx.send(lex).err().map(|back| back.0), Some(handle)),
            Err(_) => (Some(lex), None),
        };
        match unsent {
            None => TokenStream { worker, ..stream },
            Some(lex) => TokenStream::with_source(Source::Inline(Box::new(lex))),
        }
    }

    fn with_source(source: Source) -> TokenStream {
        TokenStream {
            source,
            batch: Batch::default(),
            next: 0,
            cur: Tok::Eof,
            cur_loc: Loc::NONE,
            cur_str: String::new(),
            cur_int: 0,
            cur_bin_bits: 0,
            msgs: Vec::new(),
            dependencies: BTreeSet::new(),
            worker: None,
        }
    }

    /// The current token.
    pub(crate) fn code(&self) -> Tok {
        self.cur
    }

    /// Location of the current token.
    pub(crate) fn loc(&self) -> Loc {
        self.cur_loc
    }

    /// Moves to the next token and returns its kind.
    pub(crate) fn lex(&mut self) -> Tok {
        if self.next == self.batch.toks.len() {
            self.refill();
        }
        let k = self.next;
        self.next += 1;
        let t = self.batch.toks[k];
        if t.has_str {
            self.cur_str.clear();
            self.cur_str
                .push_str(&self.batch.text[t.str_start as usize..t.str_end as usize]);
        }
        if t.side {
            self.take_side(k);
        }
        self.cur = t.tok;
        self.cur_loc = t.loc;
        self.cur_int = t.int;
        self.cur_bin_bits = t.bin_bits;
        t.tok
    }

    /// Appends the messages and included files that came with token `k`.
    #[cold]
    fn take_side(&mut self, k: usize) {
        let t = self.batch.toks[k];
        let (msgs_start, deps_start) = match k {
            0 => (0, 0),
            _ => {
                let p = &self.batch.toks[k - 1];
                (p.msgs_end as usize, p.deps_end as usize)
            }
        };
        let msgs = &self.batch.msgs[msgs_start..t.msgs_end as usize];
        self.msgs.extend_from_slice(msgs);
        for d in &self.batch.deps[deps_start..t.deps_end as usize] {
            self.dependencies.insert(d.clone());
        }
    }

    /// Gets the next batch: from the producer, or one token from the lexer once it is back.
    fn refill(&mut self) {
        self.next = 0;
        if let Source::Producer {
            batches, recycle, ..
        } = &self.source
        {
            // Polling first: woken from a blocking receive by the producer, this thread was
            // queued on the producer's CPU (see `placement`).
            if let Ok(b) = crate::placement::receive(batches) {
                let used = std::mem::replace(&mut self.batch, b);
                // The producer may be gone already; then the batch is simply dropped.
                let _ = recycle.send(used);
                return;
            }
            // The producer is done (end of file); take the lexer back.
            let Source::Producer { lexer_back, .. } =
                std::mem::replace(&mut self.source, Source::Gone)
            else {
                unreachable!("matched above")
            };
            self.source = Source::Inline(Box::new(take_back(&lexer_back)));
        }
        let Source::Inline(lex) = &mut self.source else {
            unreachable!("the producer hands its lexer back")
        };
        self.batch.clear();
        self.batch.push_next(lex);
    }

    /// Stops lexing and gives back the source buffers and the messages.
    pub(crate) fn into_parts(self) -> (SourceMgr, Vec<Message>) {
        let lex = match self.source {
            Source::Producer {
                batches,
                lexer_back,
                ..
            } => {
                // The producer stops at its next batch and passes the lexer back.
                drop(batches);
                take_back(&lexer_back)
            }
            Source::Inline(lex) => *lex,
            Source::Gone => unreachable!("never left switching"),
        };
        if let Some(worker) = self.worker {
            // It has sent the lexer back, so it is finishing; a panic there was reported.
            let _ = worker.join();
        }
        (lex.into_parts().0, self.msgs)
    }
}

/// The lexer back from a finished producer. A producer only fails to send it back by
/// panicking, which the caller of `parse_source` sees first; this thread follows.
fn take_back(back: &Receiver<Lexer>) -> Lexer {
    match back.recv() {
        Ok(lex) => lex,
        Err(_) => panic!("the lexing thread stopped without passing its lexer back"),
    }
}
