//! The outer layers of arbitre: scenario files and their replay. The laws
//! themselves live in `arbitre-laws`; this crate knows JSON and files.

/// Prints a line on standard output, like `println!`, but a closed pipe
/// (`arbitre replay … | head`) ends the program quietly instead of
/// panicking; any other write error ends it with a message and status 74.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::write_line(format_args!($($arg)*))
    };
}
pub(crate) use outln;

/// The body of [`outln!`].
#[doc(hidden)]
pub fn write_line(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.write_all(b"\n")) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("arbitre: cannot write to standard output: {e}");
        std::process::exit(74);
    }
}

/// A language code (`--lang`, the Python module's `lang`), or what is wrong.
pub fn parse_language(text: &str) -> Result<arbitre_laws::Language, String> {
    arbitre_laws::Language::from_code(text)
        .ok_or_else(|| format!("`{text}` is not one of en, fr, de, es, it, nl"))
}

pub mod analyze;
pub mod audit;
pub mod envelope;
pub mod replay;
pub use arbitre_record::scenario;
pub mod stored;
