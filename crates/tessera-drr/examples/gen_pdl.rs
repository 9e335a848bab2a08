//! Prints the PDL the rules of a `.td` file lower to: `cargo run --example gen_pdl -- FILE.td [-I DIR]`.

fn main() {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut includes = Vec::new();
    while let Some(a) = args.next() {
        if a == "-I" {
            includes.extend(args.next());
        } else {
            file = Some(a);
        }
    }
    let Some(file) = file else {
        eprintln!("usage: gen_pdl FILE.td [-I DIR]");
        std::process::exit(2);
    };
    match tessera_drr::gen_pdl(&file, &includes) {
        Ok((text, warnings)) => {
            eprint!("{warnings}");
            print!("{text}");
        }
        Err(text) => {
            eprint!("{text}");
            std::process::exit(1);
        }
    }
}
