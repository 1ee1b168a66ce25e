//! Criterion benches of banksia-core live in `benches/benches/`.
