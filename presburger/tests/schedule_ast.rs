//! Schedule trees, the scheduler, dataflow, and AST generation with callbacks: from a matrix
//! product's model to C text for a tiled loop nest.

use expect_test::{Expect, expect};
use optimist_presburger::*;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

fn check(actual: impl std::fmt::Display, expect: Expect) {
    expect.assert_eq(&actual.to_string());
}

/// The model of `for i, j: { S: C[i][j] = 0; for k: T: C[i][j] += A[i][k] * B[k][j] }`.
struct Product {
    ctx: Ctx,
    domain: UnionSet,
    schedule: Schedule,
    reads: UnionMap,
    writes: UnionMap,
}

impl Product {
    /// Exact dataflow under the original schedule.
    fn flow(&self) -> UnionFlow {
        UnionAccessInfo::from_sink(&self.reads)
            .unwrap()
            .with_must_source(&self.writes)
            .unwrap()
            .with_schedule(&self.schedule)
            .unwrap()
            .compute_flow()
            .unwrap()
    }
}

fn product() -> Product {
    let ctx = Ctx::new();
    let domain = UnionSet::parse(
        &ctx,
        "[n] -> { S[i, j] : 0 <= i, j < n; T[i, j, k] : 0 <= i, j, k < n }",
    )
    .unwrap();
    let schedule = Schedule::parse(
        &ctx,
        r#"{ domain: "[n] -> { S[i, j] : 0 <= i, j < n; T[i, j, k] : 0 <= i, j, k < n }",
             child: { schedule: "[{ S[i, j] -> [(i)]; T[i, j, k] -> [(i)] }, { S[i, j] -> [(j)]; T[i, j, k] -> [(j)] }]",
             child: { sequence: [ { filter: "{ S[i, j] }" },
                                  { filter: "{ T[i, j, k] }", child: { schedule: "[{ T[i, j, k] -> [(k)] }]" } } ] } } }"#,
    )
    .unwrap();
    let reads = UnionMap::parse(
        &ctx,
        "{ T[i, j, k] -> C[i, j]; T[i, j, k] -> A[i, k]; T[i, j, k] -> B[k, j] }",
    )
    .unwrap()
    .intersect_domain(&domain)
    .unwrap();
    let writes = UnionMap::parse(&ctx, "{ S[i, j] -> C[i, j]; T[i, j, k] -> C[i, j] }")
        .unwrap()
        .intersect_domain(&domain)
        .unwrap();
    Product {
        ctx,
        domain,
        schedule,
        reads,
        writes,
    }
}

#[test]
fn schedule_tree_navigation_and_maps() {
    let p = product();
    check(
        p.schedule.map().unwrap(),
        expect!["{ S[i, j] -> [i, j, 0, 0]; T[i, j, k] -> [i, j, 1, k] }"],
    );
    assert_eq!(p.schedule.domain().unwrap(), p.domain);
    let root = p.schedule.root().unwrap();
    assert_eq!(root.node_type().unwrap(), ScheduleNodeType::Domain);
    assert_eq!(root.domain_node_domain().unwrap(), p.domain);
    assert!(root.parent().unwrap().is_none());
    let band = root.child(0).unwrap();
    assert_eq!(band.node_type().unwrap(), ScheduleNodeType::Band);
    assert_eq!(band.band_n_member().unwrap(), 2);
    assert_eq!(band.tree_depth().unwrap(), 1);
    assert!(!band.band_permutable().unwrap());
    assert!(!band.band_member_coincident(0).unwrap());
    check(band.band_space().unwrap(), expect!["{ [i0, i1] }"]);
    check(
        band.band_partial_schedule().unwrap(),
        expect!["{ S[i, j] -> [i, j]; T[i, j, k] -> [i, j] }"],
    );
    let seq = band.child(0).unwrap();
    assert_eq!(seq.node_type().unwrap(), ScheduleNodeType::Sequence);
    assert_eq!(seq.n_children().unwrap(), 2);
    let filt = seq.child(1).unwrap();
    assert_eq!(filt.node_type().unwrap(), ScheduleNodeType::Filter);
    check(filt.filter().unwrap(), expect!["{ T[i, j, k] }"]);
    let inner = filt.child(0).unwrap();
    check(
        inner.prefix_schedule().unwrap(),
        expect!["[n] -> { T[i, j, k] -> [i, j] }"],
    );
    check(
        band.subtree_schedule().unwrap(),
        expect!["{ S[i, j] -> [i, j, 0, 0]; T[i, j, k] -> [i, j, 1, k] }"],
    );
    assert_eq!(inner.parent().unwrap().unwrap(), filt);
    assert_eq!(inner.root().unwrap(), root);
    assert_eq!(inner.node_type().unwrap(), ScheduleNodeType::Band);
    assert_eq!(
        inner.child(0).unwrap().node_type().unwrap(),
        ScheduleNodeType::Leaf
    );
    assert!(matches!(band.child(3), Err(Error::InvalidArgument(_))));
    assert!(matches!(
        band.band_member_coincident(2),
        Err(Error::InvalidArgument(_))
    ));
    assert!(root.band_n_member().is_err(), "not a band");
    // Round trip through isl's notation.
    let again = Schedule::parse(&p.ctx, &p.schedule.to_string()).unwrap();
    assert_eq!(again, p.schedule);
}

#[test]
fn schedule_tree_editing() {
    let p = product();
    let band = p.schedule.root().unwrap().child(0).unwrap();
    let band = band
        .band_set_permutable(true)
        .unwrap()
        .band_member_set_coincident(0, true)
        .unwrap();
    assert!(band.band_permutable().unwrap());
    assert!(band.band_member_coincident(0).unwrap());
    let tiled = band.band_tile(&[32, 16]).unwrap();
    check(
        tiled.band_partial_schedule().unwrap(),
        expect![
            "{ S[i, j] -> [o0, o1] : (o0) mod 32 = 0 and (o1) mod 16 = 0 and -31 + i <= o0 <= i and -15 + j <= o1 <= j; T[i, j, k] -> [o0, o1] : (o0) mod 32 = 0 and (o1) mod 16 = 0 and -31 + i <= o0 <= i and -15 + j <= o1 <= j }"
        ],
    );
    check(
        tiled.child(0).unwrap().band_partial_schedule().unwrap(),
        expect![
            "{ S[i, j] -> [o0, o1] : (-i + o0) mod 32 = 0 and (-j + o1) mod 16 = 0 and 0 <= o0 <= 31 and 0 <= o1 <= 15; T[i, j, k] -> [o0, o1] : (-i + o0) mod 32 = 0 and (-j + o1) mod 16 = 0 and 0 <= o0 <= 31 and 0 <= o1 <= 15 }"
        ],
    );
    assert!(matches!(
        band.band_tile(&[32]),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        band.band_tile(&[32, 0]),
        Err(Error::InvalidArgument(_))
    ));
    let split = band.band_split(1).unwrap();
    assert_eq!(split.band_n_member().unwrap(), 1);
    assert_eq!(split.child(0).unwrap().band_n_member().unwrap(), 1);
    assert!(band.band_split(2).is_err());
    let marked = band
        .insert_mark(&Id::new(&p.ctx, "parallel").unwrap())
        .unwrap();
    assert_eq!(marked.node_type().unwrap(), ScheduleNodeType::Mark);
    assert_eq!(marked.mark_id().unwrap().name(), "parallel");
    let filtered = band
        .insert_filter(&UnionSet::parse(&p.ctx, "{ S[i, j] }").unwrap())
        .unwrap();
    check(
        filtered.schedule().unwrap().domain().unwrap(),
        expect![
            "[n] -> { T[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n; S[i, j] : 0 <= i < n and 0 <= j < n }"
        ],
    );
    check(
        filtered.child(0).unwrap().domain().unwrap(),
        expect!["[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n }"],
    );
    let deleted = band.delete().unwrap();
    assert_eq!(deleted.node_type().unwrap(), ScheduleNodeType::Sequence);
    let extra =
        MultiUnionPwAff::parse(&p.ctx, "[{ S[i, j] -> [(j)]; T[i, j, k] -> [(k)] }]").unwrap();
    let inserted = band.insert_partial_schedule(&extra).unwrap();
    assert_eq!(inserted.band_n_member().unwrap(), 1);
    let seq = band.child(0).unwrap().child(0).unwrap().child(0).unwrap();
    let seq = seq
        .insert_sequence(&[
            UnionSet::parse(&p.ctx, "{ T[i, j, k] : k < 5 }").unwrap(),
            UnionSet::parse(&p.ctx, "{ T[i, j, k] : k >= 5 }").unwrap(),
        ])
        .unwrap();
    assert_eq!(seq.n_children().unwrap(), 2);
    let unrolled = band
        .band_member_set_ast_loop_type(1, AstLoopType::Separate)
        .unwrap();
    assert_eq!(unrolled.band_n_member().unwrap(), 2);
    // A schedule built from pieces.
    let s = Schedule::from_domain(&UnionSet::parse(&p.ctx, "{ U[i] : 0 <= i < 4 }").unwrap())
        .unwrap()
        .insert_partial_schedule(&MultiUnionPwAff::parse(&p.ctx, "[{ U[i] -> [(-i)] }]").unwrap())
        .unwrap();
    check(s.map().unwrap(), expect!["{ U[i] -> [-i] }"]);
    let v = Schedule::from_domain(&UnionSet::parse(&p.ctx, "{ V[] }").unwrap()).unwrap();
    check(
        s.sequence(&v).unwrap().map().unwrap(),
        expect!["{ U[i] -> [0, -i]; V[] -> [1, 0] }"],
    );
    check(
        s.intersect_domain(&UnionSet::parse(&p.ctx, "{ U[i] : i < 2 }").unwrap())
            .unwrap()
            .domain()
            .unwrap(),
        expect!["{ U[i] : 0 <= i <= 1 }"],
    );
}

#[test]
fn dataflow_of_a_product() {
    let p = product();
    let flow = p.flow();
    // Every read of C has its value from S or the previous T; A and B come from outside.
    check(
        flow.must_dependence().unwrap(),
        expect![
            "[n] -> { T[i, j, k] -> T[i' = i, j' = j, k' = 1 + k] : 0 <= i < n and 0 <= j < n and 0 <= k <= -2 + n; S[i, j] -> T[i' = i, j' = j, k = 0] : 0 <= i < n and 0 <= j < n }"
        ],
    );
    check(
        flow.may_dependence().unwrap(),
        expect![
            "[n] -> { T[i, j, k] -> T[i' = i, j' = j, k' = 1 + k] : 0 <= i < n and 0 <= j < n and 0 <= k <= -2 + n; S[i, j] -> T[i' = i, j' = j, k = 0] : 0 <= i < n and 0 <= j < n }"
        ],
    );
    check(
        flow.must_no_source().unwrap(),
        expect![
            "[n] -> { T[i, j, k] -> A[i, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n; T[i, j, k] -> B[k, j] : 0 <= i < n and 0 <= j < n and 0 <= k < n }"
        ],
    );
    assert_eq!(
        flow.may_no_source().unwrap(),
        flow.must_no_source().unwrap()
    );
    check(
        flow.full_must_dependence().unwrap().domain().unwrap(),
        expect![
            "[n] -> { S[i, j] : 0 <= i < n and 0 <= j < n; T[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k <= -2 + n }"
        ],
    );
    assert!(!flow.full_may_dependence().unwrap().is_empty().unwrap());
    // The same question with the schedule as a relation.
    let flow2 = UnionAccessInfo::from_sink(&p.reads)
        .unwrap()
        .with_may_source(&p.writes)
        .unwrap()
        .with_kill(&UnionMap::empty(&p.ctx).unwrap())
        .unwrap()
        .with_schedule_map(&p.schedule.map().unwrap())
        .unwrap()
        .compute_flow()
        .unwrap();
    // May-sources do not kill each other: every earlier write is a possible source.
    let may = flow2.may_dependence().unwrap();
    assert!(flow.must_dependence().unwrap().is_subset(&may).unwrap());
    assert_ne!(may, flow.must_dependence().unwrap());
    assert!(flow2.must_dependence().unwrap().is_empty().unwrap());
    assert!(!flow.to_string().is_empty());
}

#[test]
fn scheduler_finds_a_permutable_band() {
    let p = product();
    let flow = p.flow();
    let raw = flow.must_dependence().unwrap();
    p.ctx
        .set_schedule_options(&ScheduleOptions {
            outer_coincidence: true,
            ..Default::default()
        })
        .unwrap();
    let sc = ScheduleConstraints::on_domain(&p.domain)
        .unwrap()
        .with_context(&Set::parse(&p.ctx, "[n] -> { : n > 0 }").unwrap())
        .unwrap()
        .with_validity(&raw)
        .unwrap()
        .with_proximity(&raw)
        .unwrap()
        .with_coincidence(&raw)
        .unwrap()
        .with_conditional_validity(
            &UnionMap::empty(&p.ctx).unwrap(),
            &UnionMap::empty(&p.ctx).unwrap(),
        )
        .unwrap();
    assert!(!sc.to_string().is_empty());
    let sched = sc.compute_schedule().unwrap();
    check(
        &sched,
        expect![[
            r#"{ domain: "[n] -> { T[i, j, k] : 0 <= i < n and 0 <= j < n and 0 <= k < n; S[i, j] : 0 <= i < n and 0 <= j < n }", child: { schedule: "[n] -> [{ T[i, j, k] -> [(i)]; S[i, j] -> [(i)] }, { T[i, j, k] -> [(j)]; S[i, j] -> [(j)] }, { T[i, j, k] -> [(k)]; S[i, j] -> [(0)] }]", permutable: 1, coincident: [ 1, 1, 0 ], child: { sequence: [ { filter: "[n] -> { S[i, j] }" }, { filter: "[n] -> { T[i, j, k] }" } ] } } }"#
        ]],
    );
    // The schedule respects every dependence: source before target.
    let order = sched.map().unwrap();
    let before = order.lex_lt_union_map(&order).unwrap();
    assert!(raw.is_subset(&before).unwrap());
    let band = sched.root().unwrap().child(0).unwrap();
    assert_eq!(band.node_type().unwrap(), ScheduleNodeType::Band);
    assert!(band.band_permutable().unwrap());
    assert!(band.band_member_coincident(0).unwrap());
    let parsed = ScheduleConstraints::parse(&p.ctx, &sc.to_string()).unwrap();
    assert_eq!(parsed.compute_schedule().unwrap(), sched);
}

#[test]
fn ast_for_a_tiled_product_with_callbacks() {
    let p = product();
    let band = p.schedule.root().unwrap().child(0).unwrap();
    let tiled = band
        .band_set_permutable(true)
        .unwrap()
        .band_tile(&[32, 32])
        .unwrap()
        .schedule()
        .unwrap();

    // The callback records, for every statement it sees, the access to C written in terms of
    // the generated iterators, and annotates the node so it can be found again.
    let accesses: Rc<RefCell<BTreeMap<String, String>>> = Rc::default();
    let seen = accesses.clone();
    let writes = p.writes.clone();
    let build = AstBuild::from_context(&Set::parse(&p.ctx, "[n] -> { : n > 0 }").unwrap())
        .unwrap()
        .set_at_each_domain(move |node, build| {
            let sched = build.schedule()?;
            let stmt = sched
                .domain()?
                .sets()?
                .remove(0)
                .tuple_name()
                .unwrap_or_default();
            // iterators -> instance -> element, as a function of the iterators
            let write = sched.reverse()?.apply_range(&writes)?.to_map()?;
            let expr = build.access_from_pw_multi_aff(&PwMultiAff::from_map(&write)?)?;
            seen.borrow_mut().insert(stmt.clone(), expr.to_c()?);
            node.with_annotation(&Id::new(node.ctx(), &stmt)?)
        })
        .unwrap();
    let ast = build.node_from_schedule(&tiled).unwrap();
    check(
        ast.to_c().unwrap(),
        expect![[r#"
        for (int c0 = 0; c0 < n; c0 += 32)
          for (int c1 = 0; c1 < n; c1 += 32)
            for (int c2 = 0; c2 <= min(31, n - c0 - 1); c2 += 1)
              for (int c3 = 0; c3 <= min(31, n - c1 - 1); c3 += 1) {
                S(c0 + c2, c1 + c3);
                for (int c4 = 0; c4 < n; c4 += 1)
                  T(c0 + c2, c1 + c3, c4);
              }
    "#]],
    );
    check(
        format!("{:?}", accesses.borrow()),
        expect![[r#"{"S": "C[c0 + c2][c1 + c3]", "T": "C[c0 + c2][c1 + c3]"}"#]],
    );
    run_generated_product(&ast.to_c().unwrap());

    // Walk the AST through the typed views: find the two statements and their annotations.
    let mut stack = vec![ast.clone()];
    let mut stmts = Vec::new();
    let mut fors = 0;
    while let Some(node) = stack.pop() {
        match node.kind().unwrap() {
            AstNodeKind::For {
                iterator,
                init,
                cond,
                inc,
                body,
                degenerate,
            } => {
                fors += 1;
                assert!(!degenerate);
                assert!(matches!(iterator.kind().unwrap(), AstExprKind::Id(_)));
                assert!(matches!(
                    init.kind().unwrap(),
                    AstExprKind::Op(..) | AstExprKind::Int(_)
                ));
                assert!(matches!(
                    cond.kind().unwrap(),
                    AstExprKind::Op(AstOp::Le | AstOp::Lt, _)
                ));
                assert!(matches!(inc.kind().unwrap(), AstExprKind::Int(_)));
                stack.push(body);
            }
            AstNodeKind::Block(children) => stack.extend(children),
            AstNodeKind::If {
                then_node,
                else_node,
                ..
            } => {
                stack.push(then_node);
                stack.extend(else_node);
            }
            AstNodeKind::Mark { node, .. } => stack.push(node),
            AstNodeKind::User(call) => {
                let AstExprKind::Op(AstOp::Call, args) = call.kind().unwrap() else {
                    panic!("statement is not a call: {call}");
                };
                let AstExprKind::Id(name) = args[0].kind().unwrap() else {
                    panic!()
                };
                stmts.push((name.name(), node.annotation().map(|id| id.name())));
            }
        }
    }
    stmts.sort();
    assert_eq!(
        stmts,
        vec![
            ("S".into(), Some("S".into())),
            ("T".into(), Some("T".into()))
        ]
    );
    assert_eq!(fors, 5, "two tile loops, two point loops, and k");
}

#[test]
fn ast_build_errors_and_panics_in_callbacks() {
    let p = product();
    let ctx_set = Set::parse(&p.ctx, "[n] -> { : }").unwrap();
    let failing = AstBuild::from_context(&ctx_set)
        .unwrap()
        .set_at_each_domain(|_, _| Err(Error::InvalidArgument("no code for this".into())))
        .unwrap();
    assert_eq!(
        failing.node_from_schedule(&p.schedule).unwrap_err(),
        Error::InvalidArgument("no code for this".into())
    );
    let panicking = AstBuild::from_context(&ctx_set)
        .unwrap()
        .set_at_each_domain(|_, _| panic!("callback panicked"))
        .unwrap();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        panicking.node_from_schedule(&p.schedule)
    }));
    assert!(r.is_err());
    // The context still works, and a plain build generates code.
    let plain = AstBuild::from_context(&ctx_set).unwrap();
    let ast = plain.node_from_schedule(&p.schedule).unwrap();
    assert!(ast.to_c().unwrap().contains("T(c0, c1, c2);"));
    // Expressions from a build outside generation.
    let e = plain
        .expr_from_pw_aff(&PwAff::parse(&p.ctx, "[n] -> { [(floor(n/2) + 1)] }").unwrap())
        .unwrap();
    check(e.to_c().unwrap(), expect!["floord(n, 2) + 1"]);
    check(
        format!("{:?}", e.kind().unwrap()),
        expect![
            "Op(Add, [AstExpr({ op: fdiv_q, args: [ { id: n }, { val: 2 } ] }), AstExpr({ val: 1 })])"
        ],
    );
    let call = plain
        .call_from_pw_multi_aff(&PwMultiAff::parse(&p.ctx, "[n] -> { f[(n), (n - 1)] }").unwrap())
        .unwrap();
    check(call.to_c().unwrap(), expect!["f(n, n - 1)"]);
    assert_eq!(e, e.clone());
    assert_eq!(plain.clone(), plain);
    // Options of the AST generator.
    p.ctx
        .set_ast_options(&AstOptions {
            atomic_upper_bound: true,
            detect_min_max: true,
        })
        .unwrap();
}

/// Compiles the generated loop nest with the system C compiler (when there is one) and checks
/// that it runs every instance exactly once, with `S(i, j)` before `T(i, j, 0)` and the `T`
/// instances of one `(i, j)` in increasing `k`: the order the dependences require.
fn run_generated_product(loops: &str) {
    let Ok(cc) = which_cc() else {
        eprintln!("no C compiler found; skipping the compiled check");
        return;
    };
    let n = 70;
    let program = format!(
        r#"#include <stdio.h>
#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
static int s_done[{n}][{n}], t_next[{n}][{n}], bad;
#define S(i, j) do {{ if (s_done[i][j]++ || t_next[i][j]) bad = 1; }} while (0)
#define T(i, j, k) do {{ if (!s_done[i][j] || t_next[i][j]++ != (k)) bad = 1; }} while (0)
int main(void) {{
  int n = {n};
{loops}
  for (int i = 0; i < n; i++) for (int j = 0; j < n; j++)
    if (s_done[i][j] != 1 || t_next[i][j] != n) bad = 1;
  puts(bad ? "bad" : "ok");
  return bad;
}}
"#
    );
    let dir = std::env::temp_dir().join(format!("optimist-ast-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("tiled.c");
    let exe = dir.join("tiled");
    std::fs::write(&src, program).unwrap();
    let status = std::process::Command::new(&cc)
        .arg("-O1")
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .status()
        .unwrap();
    assert!(status.success(), "the generated C does not compile");
    let out = std::process::Command::new(&exe).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "ok");
    std::fs::remove_dir_all(&dir).ok();
}

fn which_cc() -> Result<String, ()> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    match std::process::Command::new(&cc).arg("--version").output() {
        Ok(o) if o.status.success() => Ok(cc),
        _ => Err(()),
    }
}

/// isl's schedule reader crashes on a mapping key that is a number (found by fuzzing): such
/// text is refused before isl sees it.
#[test]
fn schedule_text_isl_cannot_read_is_refused() {
    let ctx = Ctx::new();
    for text in [
        "0",
        "{ 0 }",
        "{ 1: 2 }",
        "{ domain: \"{ S[i] }\", 5: 2 }",
        "{ domain: \"{ S[i] }\"",
    ] {
        let e = Schedule::parse(&ctx, text).unwrap_err();
        assert!(e.to_string().contains("schedule notation"), "{text}: {e}");
    }
    let ok = Schedule::parse(
        &ctx,
        "{ domain: \"{ S[i] : 0 <= i < 10 }\", child: { schedule: \"[{ S[i] -> [(i)] }]\", permutable: 1, coincident: [ 1 ] } }",
    )
    .unwrap();
    assert_eq!(
        Schedule::parse(&ctx, &ok.to_string()).unwrap().to_string(),
        ok.to_string()
    );
}

/// A build given iterator ids names the loop of schedule dimension `d` by the `d`-th; the
/// dimensions beyond the list keep isl's `c<d>`; the at-each-domain callback stays set.
#[test]
fn iterators_of_the_schedule_dimensions() {
    let p = product();
    let called = Rc::new(RefCell::new(0));
    let count = called.clone();
    let ids: Vec<Id> = ["row", "col"]
        .iter()
        .map(|n| Id::new(&p.ctx, n).unwrap())
        .collect();
    let build = AstBuild::from_context(&Set::parse(&p.ctx, "[n] -> { : n > 0 }").unwrap())
        .unwrap()
        .set_at_each_domain(move |node, _| {
            *count.borrow_mut() += 1;
            Ok(node)
        })
        .unwrap()
        .set_iterators(&ids)
        .unwrap();
    let c = build
        .node_from_schedule(&p.schedule)
        .unwrap()
        .to_c()
        .unwrap();
    assert!(
        c.contains("for (int row = 0;") && c.contains("for (int col = 0;"),
        "{c}"
    );
    assert!(c.contains("for (int c2 = 0;"), "{c}");
    assert!(*called.borrow() > 0);
}
