//! TableGen front end (work in progress).
