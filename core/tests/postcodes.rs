//! Core's postcode rule judged by a national dataset nobody here wrote: for every postcode in
//! `data/postcode_states.txt` (see its header for the source), `has_postcode` accepts exactly
//! the states and territories whose localities use it.

use banksia_core::application::AustralianState;

#[test]
fn every_postcode_in_the_national_dataset_belongs_where_the_dataset_says() {
    let dataset = include_str!("data/postcode_states.txt");
    let mut checked = 0;
    for line in dataset.lines().filter(|line| !line.starts_with('#')) {
        let mut words = line.split(' ');
        let code = words.next().expect("a postcode");
        let postcode: u16 = code.parse().expect("four digits");
        let listed: Vec<&str> = words.collect();
        for &state in AustralianState::ALL {
            assert_eq!(
                state.has_postcode(postcode),
                listed.contains(&state.as_str()),
                "{code} in {}: the dataset lists {listed:?}",
                state.as_str()
            );
        }
        checked += 1;
    }
    // The dataset has every postcode in use; a truncated file must not pass quietly.
    assert!(checked > 3000, "only {checked} postcodes read");
}
