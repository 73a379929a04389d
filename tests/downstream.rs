//! The workspace's side of the downstream check: the report a crate outside the workspace
//! prints (`scripts/downstream.sh`) is kept in `tests/downstream/expected.txt`; the workspace
//! prints the same, or this test fails (`UPDATE_EXPECT=1` rewrites the file).

#[path = "downstream/report.rs"]
mod report;

#[test]
fn the_workspace_prints_the_report_a_downstream_crate_must_print() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = report::report(root).unwrap();
    expect_test::expect_file!["downstream/expected.txt"].assert_eq(&text);
}
