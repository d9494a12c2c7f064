//! The authentication of the stored rows (issue 15; SECURITY.md, "Someone
//! with the database").
//!
//! Every row that decides what a game is — its setup, each entry of its
//! log, its seats' token hashes, its state and result as listed, the
//! organisers' token hashes — carries an HMAC-SHA256 of its fields under a
//! key the database does not hold (the server derives it from its signing
//! key file, [`MacKey::derive`]). A row changed, added, moved to another
//! place or game, or taken from another game by someone who can write the
//! database fails its check when it is read, and the store answers
//! [`StoreError::Tampered`](crate::StoreError::Tampered) for its game:
//! never a game replayed from a row the server did not write.
//!
//! Each code is over a tag naming the kind of row and its fields, each
//! length-prefixed (a field's end cannot move into the next). The log's
//! entries carry their game and place: with the log's numbers required to
//! run from 0 without a gap, no entry can be removed from the middle,
//! reordered or copied from another game. The game's listed state carries
//! the place of the entry that set it: a log cut short before that entry
//! (a finished game's result taken back) fails too.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The key the rows are authenticated with (32 bytes).
#[derive(Clone)]
pub struct MacKey([u8; 32]);

impl std::fmt::Debug for MacKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MacKey(…)")
    }
}

impl MacKey {
    /// The store's key derived from a secret the server keeps outside the
    /// database (its envelope signing key): HKDF-SHA256 with this use's
    /// own label, so the signing key itself is never used as a MAC key.
    /// Every node of one database must derive it from the same secret.
    pub fn derive(secret: &[u8]) -> MacKey {
        let mut key = [0u8; 32];
        let hkdf = hkdf::Hkdf::<Sha256>::new(Some(b"arbitre store"), secret);
        // 32 bytes are always within HKDF-SHA256's 8,160
        if hkdf.expand(b"row authentication v1", &mut key).is_err() {
            unreachable!("32 bytes of HKDF-SHA256 output");
        }
        MacKey(key)
    }

    /// A key given as it is (tests, tools with the key in hand).
    pub fn from_bytes(bytes: [u8; 32]) -> MacKey {
        MacKey(bytes)
    }

    fn tagged(&self, tag: &str) -> Fields {
        let mut mac = match Hmac::<Sha256>::new_from_slice(&self.0) {
            Ok(mac) => mac,
            Err(_) => unreachable!("HMAC takes a key of any length"),
        };
        mac.update(b"arbitre/");
        mac.update(tag.as_bytes());
        Fields(mac)
    }

    /// An entry of a game's log at its place.
    pub(crate) fn entry(&self, row: EntryFields<'_>) -> Vec<u8> {
        let mut f = self.tagged("entry/1");
        f.text(row.game_id);
        f.int(row.seq);
        f.text(row.entry);
        f.int(row.received_ms);
        f.optional(row.client_id);
        f.optional(row.answer);
        f.finish()
    }

    /// A game's setup (what does not change after its creation).
    pub(crate) fn game(&self, row: GameFields<'_>) -> Vec<u8> {
        let mut f = self.tagged("game/1");
        f.text(row.id);
        f.int(row.created_ms);
        f.text(row.setup);
        f.optional(row.white);
        f.optional(row.black);
        f.text(row.edition);
        f.text(row.time_control);
        f.finish()
    }

    /// A game's state and result as listed, and the place of the entry
    /// that set them (-1: its creation).
    pub(crate) fn summary(&self, id: &str, state: &str, result: Option<&str>, seq: i64) -> Vec<u8> {
        let mut f = self.tagged("summary/1");
        f.text(id);
        f.text(state);
        f.optional(result);
        f.int(seq);
        f.finish()
    }

    /// A seat's token hash.
    pub(crate) fn seat(&self, hash: &[u8], game_id: &str, seat: &str) -> Vec<u8> {
        let mut f = self.tagged("seat/1");
        f.bytes(hash);
        f.text(game_id);
        f.text(seat);
        f.finish()
    }

    /// A round: its id, creation and body (`round.rs`).
    pub(crate) fn round(&self, id: &str, created_ms: i64, body: &str) -> Vec<u8> {
        let mut f = self.tagged("round/1");
        f.text(id);
        f.int(created_ms);
        f.text(body);
        f.finish()
    }

    /// The key's own check, kept in the store: the same key makes the same.
    pub(crate) fn check(&self) -> Vec<u8> {
        self.tagged("key-check/1").finish()
    }

    /// A node's number of commits, in the mark beside an SQLite file
    /// (`mark.rs`).
    pub(crate) fn mark(&self, node: &str, commits: i64) -> Vec<u8> {
        let mut f = self.tagged("mark/1");
        f.text(node);
        f.int(commits);
        f.finish()
    }

    /// An organiser's token hash.
    pub(crate) fn organiser(&self, hash: &[u8], created_ms: i64) -> Vec<u8> {
        let mut f = self.tagged("organiser/1");
        f.bytes(hash);
        f.int(created_ms);
        f.finish()
    }
}

/// Whether `stored` is the code `expected` (compared in constant time;
/// a missing code never is).
pub(crate) fn matches(expected: &[u8], stored: Option<&[u8]>) -> bool {
    use subtle::ConstantTimeEq;
    match stored {
        Some(stored) => expected.ct_eq(stored).into(),
        None => false,
    }
}

/// The fields of an entry's code.
pub(crate) struct EntryFields<'a> {
    pub(crate) game_id: &'a str,
    pub(crate) seq: i64,
    pub(crate) entry: &'a str,
    pub(crate) received_ms: i64,
    pub(crate) client_id: Option<&'a str>,
    pub(crate) answer: Option<&'a str>,
}

/// The fields of a game's code.
pub(crate) struct GameFields<'a> {
    pub(crate) id: &'a str,
    pub(crate) created_ms: i64,
    pub(crate) setup: &'a str,
    pub(crate) white: Option<&'a str>,
    pub(crate) black: Option<&'a str>,
    pub(crate) edition: &'a str,
    pub(crate) time_control: &'a str,
}

struct Fields(Hmac<Sha256>);

impl Fields {
    fn bytes(&mut self, b: &[u8]) {
        self.0.update(&(b.len() as u64).to_be_bytes());
        self.0.update(b);
    }

    fn text(&mut self, s: &str) {
        self.0.update(b"s");
        self.bytes(s.as_bytes());
    }

    fn optional(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.text(s),
            None => self.0.update(b"-"),
        }
    }

    fn int(&mut self, n: i64) {
        self.0.update(b"i");
        self.0.update(&n.to_be_bytes());
    }

    fn finish(self) -> Vec<u8> {
        self.0.finalize().into_bytes().to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry<'a>(entry: &'a str, client_id: Option<&'a str>) -> EntryFields<'a> {
        EntryFields {
            game_id: "g",
            seq: 3,
            entry,
            received_ms: 10,
            client_id,
            answer: None,
        }
    }

    #[test]
    fn each_field_and_its_boundaries_count() {
        let key = MacKey::from_bytes([7; 32]);
        let base = key.entry(entry("{\"move\":\"e4\"}", Some("c")));
        assert_eq!(base, key.entry(entry("{\"move\":\"e4\"}", Some("c"))));
        assert_ne!(base, key.entry(entry("{\"move\":\"d4\"}", Some("c"))));
        // no client id is not an empty one
        assert_ne!(key.entry(entry("x", None)), key.entry(entry("x", Some(""))));
        // another key, another code
        assert_ne!(
            base,
            MacKey::from_bytes([8; 32]).entry(entry("{\"move\":\"e4\"}", Some("c")))
        );
        // a field's end cannot move into the next
        assert_ne!(key.seat(b"ab", "c", "white"), key.seat(b"a", "bc", "white"));
        // the kind of row is part of the code
        assert_ne!(key.organiser(b"h", 1), key.seat(b"h", "", ""));
    }

    #[test]
    fn derived_keys_differ_by_secret_and_are_stable() {
        let a = MacKey::derive(&[1; 32]);
        let b = MacKey::derive(&[2; 32]);
        assert_eq!(a.0, MacKey::derive(&[1; 32]).0);
        assert_ne!(a.0, b.0);
        assert_ne!(a.0, [1; 32]);
    }

    #[test]
    fn a_missing_or_short_code_never_matches() {
        let key = MacKey::from_bytes([1; 32]);
        let code = key.organiser(b"h", 1);
        assert!(matches(&code, Some(&code)));
        assert!(!matches(&code, None));
        assert!(!matches(&code, Some(&code[..31])));
        assert!(!matches(&code, Some(&[])));
    }
}
