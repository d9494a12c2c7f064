//! Event records (a stored event, an API request with its time and actor):
//! reading never panics, and what reads back writes back to the same record.
#![no_main]
use arbitre_laws::EditionId;
use arbitre_record::EventRecord;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else {
        return;
    };
    if let Ok(record) = EventRecord::from_json(value) {
        let again = EventRecord::from_json(record.to_json()).expect("a record written reads back");
        assert_eq!(again, record);
        for edition in EditionId::ALL {
            let _ = record.to_event(edition.laws());
        }
    }
});
