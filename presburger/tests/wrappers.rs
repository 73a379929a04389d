//! Unit tests of every wrapper type: construction, the operations, printing, equality, errors.
//! Printed forms are snapshots (`UPDATE_EXPECT=1 cargo test` refreshes them).

use expect_test::{Expect, expect};
use optimist_presburger::*;

/// Checks the printed form of a computed object.
fn check(actual: impl std::fmt::Display, expect: Expect) {
    expect.assert_eq(&actual.to_string());
}

fn set(ctx: &Ctx, s: &str) -> Set {
    Set::parse(ctx, s).unwrap()
}

fn map(ctx: &Ctx, s: &str) -> Map {
    Map::parse(ctx, s).unwrap()
}

#[test]
fn set_algebra_and_tests() {
    let ctx = Ctx::new();
    let a = set(&ctx, "[n] -> { [i] : 0 <= i < n }");
    let b = set(&ctx, "[n] -> { [i] : 5 <= i < 2n }");
    check(
        a.union(&b).unwrap().coalesce().unwrap(),
        expect!["[n] -> { [i] : i >= 0 and (i < n or (5 <= i < 2n)) }"],
    );
    check(
        a.intersect(&b).unwrap(),
        expect!["[n] -> { [i] : 5 <= i < n and i < 2n }"],
    );
    check(
        a.subtract(&b).unwrap(),
        expect!["[n] -> { [i] : 0 <= i <= 4 and i < n }"],
    );
    check(
        a.complement().unwrap(),
        expect!["[n] -> { [i] : i < 0 or (i >= n and i >= 0) }"],
    );
    check(a.params().unwrap(), expect!["[n] -> {  : n > 0 }"]);
    check(a.lexmin().unwrap(), expect!["[n] -> { [i = 0] : n > 0 }"]);
    check(
        a.lexmax().unwrap(),
        expect!["[n] -> { [i = -1 + n] : n > 0 }"],
    );
    assert!(
        a.intersect(&a.complement().unwrap())
            .unwrap()
            .is_empty()
            .unwrap()
    );
    assert!(a.intersect(&b).unwrap().is_subset(&a).unwrap());
    assert!(a.intersect(&b).unwrap().is_strict_subset(&a).unwrap());
    assert!(!a.is_subset(&b).unwrap());
    assert!(a.is_disjoint(&a.complement().unwrap()).unwrap());
    assert!(a.is_bounded().unwrap());
    assert!(!set(&ctx, "{ [i] : i >= 0 }").is_bounded().unwrap());
    // Equality is isl's, not textual.
    assert_eq!(a, set(&ctx, "[n] -> { [j] : j >= 0 and n - j > 0 }"));
    assert_ne!(a, b);
    assert!(a.is_equal(&a.clone()).unwrap());
    // Parameters restricted and simplified.
    let ctx_n = set(&ctx, "[n] -> { : n >= 10 }");
    check(
        a.intersect_params(&ctx_n).unwrap(),
        expect!["[n] -> { [i] : n >= 10 and 0 <= i < n }"],
    );
    check(
        a.intersect(&b).unwrap().gist_params(&ctx_n).unwrap(),
        expect!["[n] -> { [i] : 5 <= i < n }"],
    );
    check(
        set(&ctx, "[n] -> { [i] : 0 <= i < n and i < 100 }")
            .gist(&set(&ctx, "[n] -> { [i] : n <= 50 }"))
            .unwrap(),
        expect!["[n] -> { [i] : 0 <= i < n }"],
    );
    check(
        set(&ctx, "{ [i, j] : 0 <= i < 4 and j = 2i }")
            .project_out(DimType::SET, 0, 1)
            .unwrap(),
        expect!["{ [j] : (j) mod 2 = 0 and 0 <= j <= 6 }"],
    );
    check(
        set(&ctx, "{ [i, j] : 0 <= i < 4 and j = 2i }")
            .eliminate(DimType::SET, 0, 1)
            .unwrap(),
        expect!["{ [i, j] : (j) mod 2 = 0 and 0 <= j <= 6 }"],
    );
    check(
        a.add_dims(DimType::SET, 1).unwrap(),
        expect!["[n] -> { [i, i1] : 0 <= i < n }"],
    );
    check(
        a.fix(DimType::Param, 0, 3).unwrap(),
        expect!["[n] -> { [i] : n = 3 and 0 <= i <= 2 }"],
    );
    check(
        a.lower_bound(DimType::SET, 0, 2)
            .unwrap()
            .upper_bound(DimType::SET, 0, 7)
            .unwrap(),
        expect!["[n] -> { [i] : 2 <= i <= 7 and i < n }"],
    );
    check(
        a.dim_max(0).unwrap(),
        expect!["[n] -> { [(-1 + n)] : n > 0 }"],
    );
    check(a.dim_min(0).unwrap(), expect!["[n] -> { [(0)] : n > 0 }"]);
    check(
        a.identity().unwrap(),
        expect!["[n] -> { [i] -> [i' = i] : 0 <= i < n }"],
    );
    assert!(
        a.from_params().is_err(),
        "only parameter sets have a zero-dimensional form"
    );
    check(
        a.params().unwrap().from_params().unwrap(),
        expect!["[n] -> { [] : n > 0 }"],
    );
    check(
        set(&ctx, "{ [i] : 0 <= i < 3 }")
            .indicator_function()
            .unwrap(),
        expect!["{ [i] -> [(1)] : 0 <= i <= 2; [i] -> [(0)] : i < 0 or i >= 3 }"],
    );
    // Dropping existentially quantified variables gives a superset.
    let even = set(&ctx, "[n] -> { : n >= 0 and n mod 2 = 0 }");
    let hull = even.remove_divs().unwrap();
    assert!(even.is_subset(&hull).unwrap());
    check(hull, expect!["[n] -> {  : n >= 0 }"]);
    // A parameter set as a boolean AST expression (a run-time check).
    let build = optimist_presburger::AstBuild::from_context(&set(&ctx, "[n, m] -> { : }")).unwrap();
    let cond = build
        .expr_from_set(&set(&ctx, "[n, m] -> { : n <= 100 and m >= n }"))
        .unwrap();
    check(cond.to_c().unwrap(), expect!["n <= 100 && m >= n"]);
}

#[test]
fn set_names_dims_and_spaces() {
    let ctx = Ctx::new();
    let s = set(&ctx, "[n, m] -> { S[i, j] : 0 <= i < n and 0 <= j < m }");
    assert_eq!(s.dim(DimType::Param).unwrap(), 2);
    assert_eq!(s.dim(DimType::SET).unwrap(), 2);
    assert_eq!(s.tuple_name().as_deref(), Some("S"));
    assert_eq!(s.dim_name(DimType::Param, 1).unwrap().as_deref(), Some("m"));
    assert_eq!(s.dim_name(DimType::SET, 0).unwrap().as_deref(), Some("i"));
    check(
        s.with_tuple_name("T").unwrap(),
        expect!["[n, m] -> { T[i, j] : 0 <= i < n and 0 <= j < m }"],
    );
    check(
        s.with_dim_name(DimType::SET, 1, "k").unwrap(),
        expect!["[n, m] -> { S[i, k] : 0 <= i < n and 0 <= k < m }"],
    );
    let space = s.space().unwrap();
    check(&space, expect!["[n, m] -> { S[i, j] }"]);
    assert_eq!(
        space.find_dim_by_name(DimType::Param, "m").unwrap(),
        Some(1)
    );
    assert_eq!(space.find_dim_by_name(DimType::Param, "q").unwrap(), None);
    check(space.params_space().unwrap(), expect!["[n, m] -> {  :  }"]);
    check(
        space.map_from_set().unwrap(),
        expect!["[n, m] -> { S[i, j] -> S[i', j'] }"],
    );
    let m = Space::map(&ctx, 1, 2, 1)
        .unwrap()
        .with_dim_name(DimType::Param, 0, "n")
        .unwrap();
    let m = m
        .with_tuple_name(DimType::In, "S")
        .unwrap()
        .with_tuple_name(DimType::Out, "A")
        .unwrap();
    check(&m, expect!["[n] -> { S[i0, i1] -> A[o0] }"]);
    check(m.domain().unwrap(), expect!["[n] -> { S[i0, i1] }"]);
    check(m.range().unwrap(), expect!["[n] -> { A[i0] }"]);
    assert_eq!(m.tuple_name(DimType::In).unwrap().as_deref(), Some("S"));
    check(
        Space::set(&ctx, 0, 3)
            .unwrap()
            .map_to(&Space::set(&ctx, 0, 1).unwrap())
            .unwrap(),
        expect!["{ [i0, i1, i2] -> [o0] }"],
    );
    check(Space::params(&ctx, 1).unwrap(), expect!["[p0] -> {  :  }"]);
    assert_eq!(Space::parse(&ctx, "[n, m] -> { S[i, j] }").unwrap(), space);
    check(
        Space::parse(&ctx, "{ S[i] -> A[j] }").unwrap(),
        expect!["{ S[i] -> A[j] }"],
    );
    assert!(Space::parse(&ctx, "{ S[i] -> ").is_err());
    assert_eq!(Id::parse(&ctx, "L1").unwrap().name(), "L1");
    check(
        Set::universe(&Space::set(&ctx, 0, 1).unwrap()).unwrap(),
        expect!["{ [i0] }"],
    );
    assert!(Set::empty(&space).unwrap().is_empty().unwrap());
    // Out-of-range positions are errors, not isl crashes.
    assert!(matches!(
        s.dim_name(DimType::SET, 2),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        s.project_out(DimType::SET, 1, 2),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        s.fix(DimType::SET, 0, 1 << 40),
        Err(Error::InvalidArgument(_))
    ));
}

#[test]
fn points_and_samples() {
    let ctx = Ctx::new();
    let tri = set(&ctx, "{ [i, j] : 0 <= j <= i < 3 }");
    assert_eq!(
        tri.points(100).unwrap(),
        vec![
            vec![0, 0],
            vec![1, 0],
            vec![1, 1],
            vec![2, 0],
            vec![2, 1],
            vec![2, 2]
        ]
    );
    assert_eq!(tri.points(2).unwrap_err(), Error::TooMany { limit: 2 });
    let p = tri.sample_point().unwrap().unwrap();
    assert!(p.to_set().unwrap().is_subset(&tri).unwrap());
    check(p.space().unwrap(), expect!["{ [i, j] }"]);
    assert!(
        set(&ctx, "{ [i] : 0 < i < 1 }")
            .sample_point()
            .unwrap()
            .is_none()
    );
    // Points of a parametric set with fixed parameters.
    let fixed = set(&ctx, "[n] -> { [i] : 0 <= i < n }")
        .fix(DimType::Param, 0, 3)
        .unwrap();
    assert_eq!(fixed.points(10).unwrap(), vec![vec![0], vec![1], vec![2]]);
    let pt = fixed.sample_point().unwrap().unwrap();
    assert_eq!(
        pt.coordinate(DimType::Param, 0).unwrap().to_i64().unwrap(),
        3
    );
    // Unbounded sets are refused, not enumerated forever.
    assert!(matches!(
        set(&ctx, "{ [i] : i >= 0 }").points(10),
        Err(Error::InvalidArgument(_))
    ));
    // An error from the callback stops the enumeration and comes back.
    let mut seen = 0;
    let r = tri.foreach_point(|_| {
        seen += 1;
        if seen == 2 {
            Err(Error::InvalidArgument("stop".into()))
        } else {
            Ok(())
        }
    });
    assert_eq!(r, Err(Error::InvalidArgument("stop".into())));
    assert_eq!(seen, 2);
    // The context is clean afterwards.
    assert!(!tri.is_empty().unwrap());
}

#[test]
fn callback_panics_propagate_after_isl_returns() {
    let ctx = Ctx::new();
    let s = set(&ctx, "{ [i] : 0 <= i < 3 }");
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        s.foreach_point(|_| panic!("boom")).unwrap();
    }));
    assert_eq!(*r.unwrap_err().downcast::<&str>().unwrap(), "boom");
    // isl and the context survived.
    assert_eq!(s.points(10).unwrap().len(), 3);
}

#[test]
fn map_operations() {
    let ctx = Ctx::new();
    let acc = map(&ctx, "[n] -> { S[i] -> A[i + 1] : 0 <= i < n }");
    check(
        acc.reverse().unwrap(),
        expect!["[n] -> { A[i0] -> S[i = -1 + i0] : 0 < i0 <= n }"],
    );
    check(
        acc.domain().unwrap(),
        expect!["[n] -> { S[i] : 0 <= i < n }"],
    );
    check(
        acc.range().unwrap(),
        expect!["[n] -> { A[i0] : 0 < i0 <= n }"],
    );
    check(acc.params().unwrap(), expect!["[n] -> {  : n > 0 }"]);
    let next = map(&ctx, "{ A[a] -> B[2a] }");
    check(
        acc.apply_range(&next).unwrap(),
        expect!["[n] -> { S[i] -> B[2 + 2i] : 0 <= i < n }"],
    );
    check(
        next.apply_domain(&map(&ctx, "{ A[a] -> C[a - 1] }"))
            .unwrap(),
        expect!["{ C[i0] -> B[2 + 2i0] }"],
    );
    check(
        acc.intersect_domain(&set(&ctx, "{ S[i] : i >= 5 }"))
            .unwrap(),
        expect!["[n] -> { S[i] -> A[1 + i] : 5 <= i < n }"],
    );
    check(
        acc.intersect_range(&set(&ctx, "{ A[a] : a <= 3 }"))
            .unwrap(),
        expect!["[n] -> { S[i] -> A[1 + i] : 0 <= i <= 2 and i < n }"],
    );
    check(
        acc.intersect_params(&set(&ctx, "[n] -> { : n = 2 }"))
            .unwrap(),
        expect!["[n] -> { S[i] -> A[1 + i] : n = 2 and 0 <= i <= 1 }"],
    );
    check(
        acc.wrap().unwrap(),
        expect!["[n] -> { [S[i] -> A[1 + i]] : 0 <= i < n }"],
    );
    check(
        acc.wrap().unwrap().unwrap_map().unwrap(),
        expect!["[n] -> { S[i] -> A[1 + i] : 0 <= i < n }"],
    );
    let dep = map(
        &ctx,
        "[n] -> { S[i, j] -> S[i + 1, j - 2] : 0 <= i < n and 0 <= j < n }",
    );
    check(
        dep.deltas().unwrap(),
        expect!["[n] -> { S[i = 1, j = -2] : n > 0 }"],
    );
    assert!(acc.is_injective().unwrap());
    assert!(acc.is_single_valued().unwrap());
    assert!(acc.is_bijective().unwrap());
    let many = map(&ctx, "{ S[i] -> A[j] : 0 <= j <= i }");
    assert!(!many.is_single_valued().unwrap());
    check(
        many.lexmin().unwrap(),
        expect!["{ S[i] -> A[j = 0] : i >= 0 }"],
    );
    check(
        many.lexmax().unwrap(),
        expect!["{ S[i] -> A[j = i] : i >= 0 }"],
    );
    check(
        many.project_out(DimType::Out, 0, 1).unwrap(),
        expect!["{ S[i] -> [] : i >= 0 }"],
    );
    check(
        many.fix(DimType::In, 0, 2).unwrap(),
        expect!["{ S[i = 2] -> A[j] : 0 <= j <= 2 }"],
    );
    check(
        map(&ctx, "{ [i] -> [j] }")
            .equate(DimType::In, 0, DimType::Out, 0)
            .unwrap(),
        expect!["{ [i] -> [j = i] }"],
    );
    assert_eq!(many.tuple_name(DimType::Out).as_deref(), Some("A"));
    check(
        many.with_tuple_name(DimType::In, "T").unwrap(),
        expect!["{ T[i] -> A[j] : 0 <= j <= i }"],
    );
    assert_eq!(many.dim(DimType::In).unwrap(), 1);
    check(
        many.union(&acc).unwrap(),
        expect!["[n] -> { S[i] -> A[j] : 0 <= j <= i; S[i] -> A[j = 1 + i] : 0 <= i < n }"],
    );
    check(
        many.intersect(&map(&ctx, "{ S[i] -> A[j] : j = i }"))
            .unwrap(),
        expect!["{ S[i] -> A[j = i] : i >= 0 }"],
    );
    check(
        many.subtract(&map(&ctx, "{ S[i] -> A[j] : j = i }"))
            .unwrap(),
        expect!["{ S[i] -> A[j] : 0 <= j < i }"],
    );
    check(
        map(&ctx, "{ [i] -> [j] : j >= i }").complement().unwrap(),
        expect!["{ [i] -> [j] : j < i }"],
    );
    assert!(many.subtract(&many).unwrap().is_empty().unwrap());
    assert!(
        map(&ctx, "{ S[i] -> A[j] : j = i and i >= 0 }")
            .is_subset(&many)
            .unwrap()
    );
    check(
        many.gist_domain(&set(&ctx, "{ S[i] : i >= 0 }")).unwrap(),
        expect!["{ S[i] -> A[j] : 0 <= j <= i }"],
    );
    check(
        many.gist(&map(&ctx, "{ S[i] -> A[j] : j >= 0 }")).unwrap(),
        expect!["{ S[i] -> A[j] : j <= i }"],
    );
    check(
        acc.gist_params(&set(&ctx, "[n] -> { : n > 0 }")).unwrap(),
        expect!["[n] -> { S[i] -> A[1 + i] : 0 <= i < n }"],
    );
    check(
        map(&ctx, "{ [i] -> [i]; [i] -> [i + 1] }")
            .coalesce()
            .unwrap(),
        expect!["{ [i] -> [o0] : i <= o0 <= 1 + i }"],
    );
    check(
        acc.range_product(&map(&ctx, "{ S[i] -> B[2i] }")).unwrap(),
        expect!["[n] -> { S[i] -> [A[1 + i] -> B[2i]] : 0 <= i < n }"],
    );
    check(
        acc.flat_range_product(&map(&ctx, "{ S[i] -> B[2i] }"))
            .unwrap(),
        expect!["[n] -> { S[i] -> [1 + i, 2i] : 0 <= i < n }"],
    );
}

#[test]
fn lexicographic_order_maps() {
    let ctx = Ctx::new();
    let sp = Space::set(&ctx, 0, 2).unwrap();
    check(
        Map::lex_lt(&sp).unwrap(),
        expect!["{ [i0, i1] -> [o0, o1] : o0 > i0; [i0, i1] -> [i0, o1] : o1 > i1 }"],
    );
    check(
        Map::lex_le(&sp).unwrap(),
        expect!["{ [i0, i1] -> [o0, o1] : o0 > i0; [i0, i1] -> [i0, o1] : o1 >= i1 }"],
    );
    check(
        Map::lex_gt(&sp).unwrap(),
        expect!["{ [i0, i1] -> [o0, o1] : o0 < i0; [i0, i1] -> [i0, o1] : o1 < i1 }"],
    );
    check(
        Map::lex_ge(&sp).unwrap(),
        expect!["{ [i0, i1] -> [o0, o1] : o0 < i0; [i0, i1] -> [i0, o1] : o1 <= i1 }"],
    );
    let a = set(&ctx, "{ [i] : 0 <= i < 3 }");
    check(
        a.lex_lt_set(&a).unwrap(),
        expect!["{ [i] -> [i'] : 0 <= i <= 2 and i' > i and 0 <= i' <= 2 }"],
    );
    check(
        a.lex_le_set(&a).unwrap(),
        expect!["{ [i] -> [i'] : 0 <= i <= 2 and i' >= i and 0 <= i' <= 2 }"],
    );
    // "runs before" between two schedules
    let s1 = map(&ctx, "{ S[i] -> [i, 0] : 0 <= i < 3 }");
    let s2 = map(&ctx, "{ T[i] -> [i, 1] : 0 <= i < 3 }");
    check(
        s1.lex_lt_map(&s2).unwrap(),
        expect![
            "{ S[i] -> T[i'] : 0 <= i <= 2 and i' > i and 0 <= i' <= 2; S[i] -> T[i' = i] : 0 <= i <= 2 }"
        ],
    );
    check(
        Map::identity(&sp.map_from_set().unwrap()).unwrap(),
        expect!["{ [i0, i1] -> [i0, i1] }"],
    );
    check(
        Map::from_domain_and_range(&a, &set(&ctx, "{ [5] }")).unwrap(),
        expect!["{ [i] -> [5] : 0 <= i <= 2 }"],
    );
    check(
        Map::universe(&Space::map(&ctx, 0, 1, 1).unwrap()).unwrap(),
        expect!["{ [i0] -> [o0] }"],
    );
    assert!(
        Map::empty(&Space::map(&ctx, 0, 1, 1).unwrap())
            .unwrap()
            .is_empty()
            .unwrap()
    );
}

#[test]
fn union_sets_and_maps() {
    let ctx = Ctx::new();
    let dom = UnionSet::parse(
        &ctx,
        "[n] -> { S[i] : 0 <= i < n; T[i, j] : 0 <= i, j < n }",
    )
    .unwrap();
    assert_eq!(dom.n_set().unwrap(), 2);
    let names: Vec<_> = dom
        .sets()
        .unwrap()
        .iter()
        .map(|s| s.tuple_name().unwrap())
        .collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"S".to_string()) && names.contains(&"T".to_string()));
    let s_space = set(&ctx, "[n] -> { S[i] }").space().unwrap();
    check(
        dom.extract_set(&s_space).unwrap(),
        expect!["[n] -> { S[i] : 0 <= i < n }"],
    );
    check(dom.params().unwrap(), expect!["[n] -> {  : n > 0 }"]);
    let s_only = UnionSet::from_set(&set(&ctx, "[n] -> { S[i] : 0 <= i < n }")).unwrap();
    check(
        dom.subtract(&s_only).unwrap(),
        expect!["[n] -> { T[i, j] : 0 <= i < n and 0 <= j < n }"],
    );
    check(
        dom.intersect(&s_only).unwrap(),
        expect!["[n] -> { S[i] : 0 <= i < n }"],
    );
    assert!(s_only.is_subset(&dom).unwrap());
    assert!(UnionSet::empty(&ctx).unwrap().is_empty().unwrap());
    assert_eq!(dom.union(&s_only).unwrap(), dom);
    check(
        s_only.to_set().unwrap(),
        expect!["[n] -> { S[i] : 0 <= i < n }"],
    );
    assert!(dom.to_set().is_err());
    check(
        s_only.lexmax().unwrap(),
        expect!["[n] -> { S[i = -1 + n] : n > 0 }"],
    );
    check(
        s_only.lexmin().unwrap(),
        expect!["[n] -> { S[i = 0] : n > 0 }"],
    );
    check(s_only.universe().unwrap(), expect!["[n] -> { S[i] }"]);
    check(
        s_only
            .intersect_params(&set(&ctx, "[n] -> { : n = 1 }"))
            .unwrap(),
        expect!["[n] -> { S[i = 0] : n = 1 }"],
    );
    check(
        s_only
            .gist_params(&set(&ctx, "[n] -> { : n > 5 }"))
            .unwrap(),
        expect!["[n] -> { S[i] : 0 <= i < n }"],
    );
    check(
        s_only
            .gist(&UnionSet::parse(&ctx, "{ S[i] : i >= 0 }").unwrap())
            .unwrap(),
        expect!["[n] -> { S[i] : i < n }"],
    );
    check(
        s_only.coalesce().unwrap(),
        expect!["[n] -> { S[i] : 0 <= i < n }"],
    );
    check(
        s_only.identity().unwrap(),
        expect!["[n] -> { S[i] -> S[i' = i] : 0 <= i < n }"],
    );
    check(
        s_only.lex_lt_union_set(&s_only).unwrap(),
        expect!["[n] -> { S[i] -> S[i'] : 0 <= i < n and i' > i and 0 <= i' < n }"],
    );

    let acc = UnionMap::parse(&ctx, "[n] -> { S[i] -> A[i]; T[i, j] -> A[i + j] }").unwrap();
    assert_eq!(acc.n_map().unwrap(), 2);
    assert_eq!(acc.maps().unwrap().len(), 2);
    let acc = acc.intersect_domain(&dom).unwrap();
    check(
        acc.range().unwrap().coalesce().unwrap(),
        expect!["[n] -> { A[i0] : 0 <= i0 <= -2 + 2n }"],
    );
    check(
        acc.domain().unwrap(),
        expect!["[n] -> { S[i] : 0 <= i < n; T[i, j] : 0 <= i < n and 0 <= j < n }"],
    );
    // Instances that touch the same element as S[0].
    check(
        acc.apply_range(&acc.reverse().unwrap())
            .unwrap()
            .intersect_domain(&UnionSet::parse(&ctx, "{ S[0] }").unwrap())
            .unwrap(),
        expect!["[n] -> { S[i = 0] -> S[i' = 0] : n > 0; S[i = 0] -> T[i' = 0, j = 0] : n > 0 }"],
    );
    check(
        acc.subtract_domain(&s_only).unwrap(),
        expect!["[n] -> { T[i, j] -> A[i + j] : 0 <= i < n and 0 <= j < n }"],
    );
    check(
        acc.subtract_range(&UnionSet::parse(&ctx, "{ A[a] : a > 0 }").unwrap())
            .unwrap(),
        expect![
            "[n] -> { T[i, j] -> A[i + j] : 0 <= i < n and 0 <= j <= -i and j < n; S[i = 0] -> A[0] : n > 0 }"
        ],
    );
    check(
        acc.intersect_range(&UnionSet::parse(&ctx, "{ A[0] }").unwrap())
            .unwrap(),
        expect!["[n] -> { T[i = 0, j = 0] -> A[0] : n > 0; S[i = 0] -> A[0] : n > 0 }"],
    );
    check(
        acc.intersect_params(&set(&ctx, "[n] -> { : n = 1 }"))
            .unwrap(),
        expect!["[n] -> { T[i = 0, j = 0] -> A[0] : n = 1; S[i = 0] -> A[0] : n = 1 }"],
    );
    check(acc.params().unwrap(), expect!["[n] -> {  : n > 0 }"]);
    check(
        acc.lexmax()
            .unwrap()
            .extract_map(&map(&ctx, "{ S[i] -> A[j] }").space().unwrap())
            .unwrap(),
        expect!["[n] -> { S[i] -> A[i] : 0 <= i < n }"],
    );
    check(acc.lexmin().unwrap().n_map().unwrap(), expect!["2"]);
    assert!(acc.is_single_valued().unwrap());
    assert!(!acc.is_injective().unwrap());
    assert!(acc.is_subset(&acc.universe().unwrap()).unwrap());
    assert!(
        !UnionMap::empty(&ctx)
            .unwrap()
            .subtract(&acc)
            .unwrap()
            .n_map()
            .unwrap()
            > 0
    );
    check(
        acc.apply_domain(&UnionMap::parse(&ctx, "{ S[i] -> U[i] }").unwrap())
            .unwrap(),
        expect!["[n] -> { U[i0] -> A[i0] : 0 <= i0 < n }"],
    );
    check(
        UnionMap::parse(&ctx, "{ S[i] -> S[i + 2] }")
            .unwrap()
            .deltas()
            .unwrap(),
        expect!["{ S[i = 2] }"],
    );
    check(
        acc.gist_domain(&dom).unwrap(),
        expect!["[n] -> { T[i, j] -> A[i + j]; S[i] -> A[i] }"],
    );
    check(
        acc.gist_params(&set(&ctx, "[n] -> { : n > 0 }"))
            .unwrap()
            .n_map()
            .unwrap(),
        expect!["2"],
    );
    check(
        acc.gist(&acc.universe().unwrap()).unwrap().n_map().unwrap(),
        expect!["2"],
    );
    check(acc.coalesce().unwrap().n_map().unwrap(), expect!["2"]);
    check(
        UnionMap::from_map(&map(&ctx, "{ S[i] -> [i] }"))
            .unwrap()
            .to_map()
            .unwrap(),
        expect!["{ S[i] -> [i] }"],
    );
    check(
        UnionMap::from_domain_and_range(&s_only, &UnionSet::parse(&ctx, "{ B[0] }").unwrap())
            .unwrap(),
        expect!["[n] -> { S[i] -> B[0] : 0 <= i < n }"],
    );
    let sched = UnionMap::parse(&ctx, "{ S[i] -> [i, 0]; T[i, j] -> [i, 1] }").unwrap();
    check(
        sched
            .lex_lt_union_map(&sched)
            .unwrap()
            .intersect_domain(&UnionSet::parse(&ctx, "{ T[0, 0] }").unwrap())
            .unwrap(),
        expect!["{ T[i = 0, j = 0] -> S[i'] : i' > 0; T[i = 0, j = 0] -> T[i', j'] : i' > 0 }"],
    );
    check(
        sched.range_product(&sched).unwrap().n_map().unwrap(),
        expect!["2"],
    );
    check(
        UnionMap::parse(&ctx, "[n, m] -> { S[i] -> A[i + m] : i < n }")
            .unwrap()
            .project_out_params(1, 1)
            .unwrap(),
        expect!["[n] -> { S[i] -> A[o0] : i < n }"],
    );
    assert!(
        UnionMap::parse(&ctx, "{ S[i] -> A[i] }")
            .unwrap()
            .project_out_params(0, 1)
            .is_err()
    );
}

#[test]
fn values() {
    let ctx = Ctx::new();
    let a = Val::from_i64(&ctx, 6).unwrap();
    let b = Val::parse(&ctx, "4").unwrap();
    check(a.div(&b).unwrap(), expect!["3/2"]);
    check(a.div(&b).unwrap().floor().unwrap(), expect!["1"]);
    check(a.div(&b).unwrap().denominator().unwrap(), expect!["2"]);
    check(a.add(&b).unwrap(), expect!["10"]);
    check(a.sub(&b).unwrap().neg().unwrap(), expect!["-2"]);
    check(a.mul(&b).unwrap(), expect!["24"]);
    assert!(b.lt(&a).unwrap());
    assert!(
        a.is_int().unwrap() && a.is_rat().unwrap() && !a.is_zero().unwrap() && !a.is_neg().unwrap()
    );
    assert!(!a.div(&b).unwrap().is_int().unwrap());
    let big = Val::parse(&ctx, "123456789012345678901234567890").unwrap();
    assert_eq!(
        big.to_bigint().unwrap().to_string(),
        "123456789012345678901234567890"
    );
    assert!(big.to_i64().is_err());
    assert_eq!(
        Val::from_bigint(&ctx, &big.to_bigint().unwrap()).unwrap(),
        big
    );
    assert_eq!(
        Val::from_i64(&ctx, i64::MIN).unwrap().to_i64().unwrap(),
        i64::MIN
    );
    assert!(Val::parse(&ctx, "infty").unwrap().is_infty().unwrap());
    assert!(Val::parse(&ctx, "-infty").unwrap().is_neg_infty().unwrap());
    assert!(Val::parse(&ctx, "NaN").unwrap().is_nan().unwrap());
    assert!(a.div(&b).unwrap().to_i64().is_err());
    assert!(Val::parse(&ctx, "nonsense").is_err());
}

#[test]
fn affine_functions() {
    let ctx = Ctx::new();
    let a = Aff::parse(&ctx, "[n] -> { [i, j] -> [(2i + j + n - 1)] }").unwrap();
    check(a.constant().unwrap(), expect!["-1"]);
    check(a.coefficient(DimType::In, 0).unwrap(), expect!["2"]);
    check(a.coefficient(DimType::Param, 0).unwrap(), expect!["1"]);
    assert_eq!(a.dim(DimType::In).unwrap(), 2);
    let two = Val::from_i64(&ctx, 2).unwrap();
    check(
        a.scale(&two).unwrap(),
        expect!["[n] -> { [i, j] -> [(-2 + 2n + 4i + 2j)] }"],
    );
    check(
        a.scale_down(&two).unwrap().floor().unwrap(),
        expect!["[n] -> { [i, j] -> [(-1 + i + floor((1 + n + j)/2))] }"],
    );
    check(
        a.modulo(&two).unwrap(),
        expect!["[n] -> { [i, j] -> [((1 + n + j) mod 2)] }"],
    );
    check(
        a.neg().unwrap().add(&a).unwrap(),
        expect!["[n] -> { [i, j] -> [(0)] }"],
    );
    check(
        a.sub(&a).unwrap().with_constant(&two).unwrap(),
        expect!["[n] -> { [i, j] -> [(2)] }"],
    );
    assert!(a.sub(&a).unwrap().is_cst().unwrap());
    check(
        a.with_coefficient(DimType::In, 1, &two).unwrap(),
        expect!["[n] -> { [i, j] -> [(-1 + n + 2i + 2j)] }"],
    );
    check(
        a.mul(&Aff::parse(&ctx, "[n] -> { [i, j] -> [(3)] }").unwrap())
            .unwrap(),
        expect!["[n] -> { [i, j] -> [(-3 + 3n + 6i + 3j)] }"],
    );
    assert!(a.mul(&a).is_err(), "non-affine product");
    check(a.denominator().unwrap(), expect!["1"]);
    check(
        a.to_map().unwrap(),
        expect!["[n] -> { [i, j] -> [-1 + n + 2i + j] }"],
    );
    check(a.space().unwrap(), expect!["[n] -> { [i, j] -> [o0] }"]);
    check(
        Aff::zero_on_domain(&Space::set(&ctx, 0, 2).unwrap()).unwrap(),
        expect!["{ [i0, i1] -> [(0)] }"],
    );

    let p = a
        .to_pw_aff()
        .unwrap()
        .intersect_domain(&set(&ctx, "{ [i, j] : i >= 0 }"))
        .unwrap();
    let q = PwAff::parse(&ctx, "[n] -> { [i, j] -> [(n)] }").unwrap();
    check(
        p.max(&q).unwrap(),
        expect![
            "[n] -> { [i, j] -> [(-1 + n + 2i + j)] : i >= 0 and j > -2i; [i, j] -> [(n)] : i >= 0 and j <= -2i }"
        ],
    );
    check(
        p.min(&q).unwrap().domain().unwrap().coalesce().unwrap(),
        expect!["[n] -> { [i, j] : i >= 0 }"],
    );
    check(
        p.add(&q).unwrap().sub(&q).unwrap().coalesce().unwrap(),
        expect!["[n] -> { [i, j] -> [(-1 + n + 2i + j)] : i >= 0 }"],
    );
    check(
        q.mul(&PwAff::parse(&ctx, "[n] -> { [i, j] -> [(2)] }").unwrap())
            .unwrap()
            .neg()
            .unwrap(),
        expect!["[n] -> { [i, j] -> [(-2n)] }"],
    );
    check(
        p.scale_down(&two)
            .unwrap()
            .floor()
            .unwrap()
            .modulo(&two)
            .unwrap(),
        expect![
            "[n] -> { [i, j] -> [(1 + i + floor((1 + n + j)/2) - 2*floor((3 + n + 2i + j)/4))] : i >= 0 }"
        ],
    );
    check(
        p.eq_set(&q).unwrap(),
        expect!["[n] -> { [i, j = 1 - 2i] : i >= 0 }"],
    );
    check(
        p.ne_set(&q).unwrap(),
        expect!["[n] -> { [i, j] : i >= 0 and (j <= -2i or j >= 2 - 2i) }"],
    );
    check(
        p.le_set(&q).unwrap(),
        expect!["[n] -> { [i, j] : i >= 0 and j <= 1 - 2i }"],
    );
    check(
        p.lt_set(&q).unwrap(),
        expect!["[n] -> { [i, j] : i >= 0 and j <= -2i }"],
    );
    check(
        p.ge_set(&q).unwrap(),
        expect!["[n] -> { [i, j] : i >= 0 and j > -2i }"],
    );
    check(
        p.gt_set(&q).unwrap(),
        expect!["[n] -> { [i, j] : i >= 0 and j >= 2 - 2i }"],
    );
    check(p.params().unwrap(), expect!["[n] -> {  :  }"]);
    check(
        p.intersect_params(&set(&ctx, "[n] -> { : n = 0 }"))
            .unwrap(),
        expect!["[n] -> { [i, j] -> [(-1 + 2i + j)] : n = 0 and i >= 0 }"],
    );
    check(
        p.gist(&set(&ctx, "{ [i, j] : i >= 0 }")).unwrap(),
        expect!["[n] -> { [i, j] -> [(-1 + n + 2i + j)] }"],
    );
    check(
        p.gist_params(&set(&ctx, "[n] -> { : n = 1 }")).unwrap(),
        expect!["[n] -> { [i, j] -> [(2i + j)] : i >= 0 }"],
    );
    check(
        p.to_map().unwrap(),
        expect!["[n] -> { [i, j] -> [-1 + n + 2i + j] : i >= 0 }"],
    );
    check(p.space().unwrap(), expect!["[n] -> { [i, j] -> [o0] }"]);
    assert!(
        PwAff::parse(&ctx, "{ [i, j] -> [(3)] }")
            .unwrap()
            .is_cst()
            .unwrap()
    );
    assert!(!q.is_cst().unwrap() && !p.is_cst().unwrap());
    assert_eq!(p, p.clone());

    let ma = MultiAff::parse(&ctx, "{ S[i, j] -> A[(i + 1), (j)] }").unwrap();
    assert_eq!(ma.len().unwrap(), 2);
    assert!(!ma.is_empty().unwrap());
    check(ma.get(0).unwrap(), expect!["{ S[i, j] -> [(1 + i)] }"]);
    assert!(ma.get(2).is_err());
    check(ma.to_map().unwrap(), expect!["{ S[i, j] -> A[1 + i, j] }"]);
    check(ma.space().unwrap(), expect!["{ S[i, j] -> A[o0, o1] }"]);
    check(
        MultiAff::identity_on_domain(&Space::set(&ctx, 0, 2).unwrap()).unwrap(),
        expect!["{ [i0, i1] -> [(i0), (i1)] }"],
    );

    let pma =
        PwMultiAff::from_map(&map(&ctx, "[n] -> { S[i] -> A[i, n - i] : 0 <= i < n }")).unwrap();
    assert_eq!(pma.len().unwrap(), 2);
    check(
        pma.get(1).unwrap(),
        expect!["[n] -> { S[i] -> [(n - i)] : 0 <= i < n }"],
    );
    check(
        pma.domain().unwrap(),
        expect!["[n] -> { S[i] : 0 <= i < n }"],
    );
    check(
        pma.intersect_domain(&set(&ctx, "{ S[i] : i < 2 }"))
            .unwrap(),
        expect!["[n] -> { S[i] -> A[(i), (n - i)] : 0 <= i <= 1 and i < n }"],
    );
    check(
        pma.coalesce().unwrap().to_map().unwrap(),
        expect!["[n] -> { S[i] -> A[i, n - i] : 0 <= i < n }"],
    );
    check(
        pma.pullback(&PwMultiAff::parse(&ctx, "{ T[k] -> S[2k] }").unwrap())
            .unwrap(),
        expect!["[n] -> { T[k] -> A[(2k), (n - 2k)] : k >= 0 and 2k < n }"],
    );
    check(
        ma.to_pw_multi_aff().unwrap(),
        expect!["{ S[i, j] -> A[(1 + i), (j)] }"],
    );
    check(
        pma.space().unwrap(),
        expect!["[n] -> { S[i] -> A[o0, o1] }"],
    );
    assert!(PwMultiAff::from_map(&map(&ctx, "{ S[i] -> A[j] : 0 <= j <= i }")).is_err());

    let mv = MultiVal::from_values(&Space::set(&ctx, 0, 2).unwrap(), &[32, 8]).unwrap();
    check(&mv, expect!["{ [32, 8] }"]);
    assert_eq!(mv, MultiVal::parse(&ctx, "{ [32, 8] }").unwrap());
    assert!(MultiVal::from_values(&Space::set(&ctx, 0, 2).unwrap(), &[1]).is_err());

    let mupa = MultiUnionPwAff::parse(&ctx, "[{ S[i, j] -> [(i)]; T[k] -> [(k)] }]").unwrap();
    check(
        mupa.to_union_map().unwrap(),
        expect!["{ S[i, j] -> [i]; T[k] -> [k] }"],
    );
    let back = MultiUnionPwAff::from_union_map(&mupa.to_union_map().unwrap()).unwrap();
    assert_eq!(back, mupa);
}

#[test]
fn errors_are_values() {
    let ctx = Ctx::new();
    match Set::parse(&ctx, "{ [i] : i < }") {
        Err(Error::Isl { kind, message, .. }) => {
            assert_eq!(kind, IslErrorKind::Invalid);
            assert!(!message.is_empty());
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
    assert!(matches!(
        Set::parse(&ctx, "{ [i] }\0"),
        Err(Error::InvalidArgument(_))
    ));
    assert!(Map::parse(&ctx, "{ [i] -> }").is_err());
    assert!(UnionSet::parse(&ctx, "{ S[i] ; ; [[ }").is_err());
    // Mismatched spaces: isl's error comes back from the call that caused it.
    let a = set(&ctx, "{ [i] }");
    let b = set(&ctx, "{ [i, j] }");
    assert!(matches!(a.union(&b), Err(Error::Isl { .. })));
    // and the context is clean for the next call.
    assert!(a.union(&a).is_ok());
    // Objects of two contexts are never combined.
    let other = Ctx::new();
    let c = Set::parse(&other, "{ [i] }").unwrap();
    assert_eq!(a.union(&c), Err(Error::ContextMismatch));
    assert_eq!(a.is_equal(&c), Err(Error::ContextMismatch));
    assert_ne!(a, c);
    // The error's text names isl's message.
    let e = Set::parse(&ctx, "{ [i] : i < }").unwrap_err().to_string();
    assert!(e.starts_with("isl error (invalid):"), "{e}");
    // `FromStr` uses its own context.
    let s: Set = "{ [i] : 0 <= i < 2 }".parse().unwrap();
    assert_eq!(s.points(5).unwrap().len(), 2);
}

#[test]
fn budget() {
    let ctx = Ctx::new();
    let hard = "[n] -> { [i, j, k] : 0 <= i, j, k < n and 3i + 5j + 7k = 101 }";
    let r = ctx.with_budget(1, || Set::parse(&ctx, hard)?.lexmin());
    assert_eq!(r.unwrap_err(), Error::Budget);
    // Usable afterwards, with no limit any more.
    let full = Set::parse(&ctx, hard).unwrap().lexmin().unwrap();
    assert!(!full.is_empty().unwrap());
    // A generous budget changes nothing.
    let r = ctx
        .with_budget(10_000_000, || Set::parse(&ctx, hard)?.lexmin())
        .unwrap();
    assert_eq!(r, full);
    // The scheduler also respects it.
    let dom = UnionSet::parse(&ctx, "[n] -> { S[i, j] : 0 <= i, j < n }").unwrap();
    let deps = UnionMap::parse(&ctx, "[n] -> { S[i, j] -> S[i + 1, j - 1] }").unwrap();
    let sc = ScheduleConstraints::on_domain(&dom)
        .unwrap()
        .with_validity(&deps)
        .unwrap();
    assert_eq!(
        ctx.with_budget(1, || sc.compute_schedule()).unwrap_err(),
        Error::Budget
    );
    assert!(sc.compute_schedule().is_ok());
}

#[test]
fn debug_and_clone() {
    let ctx = Ctx::new();
    let s = set(&ctx, "{ [i] : 0 <= i < 4 }");
    let t = s.clone();
    drop(s);
    check(format!("{t:?}"), expect!["Set({ [i] : 0 <= i <= 3 })"]);
    check(
        format!("{:?}", Id::new(&ctx, "L1").unwrap()),
        expect!["Id(L1)"],
    );
    assert_eq!(Id::new(&ctx, "L1").unwrap().name(), "L1");
    assert_eq!(Id::new(&ctx, "L1").unwrap(), Id::new(&ctx, "L1").unwrap());
    assert!(format!("{ctx:?}").starts_with("Ctx("));
    // Objects keep their context alive after the `Ctx` handle is gone.
    let orphan = {
        let ctx = Ctx::new();
        set(&ctx, "{ [i] : i = 7 }")
    };
    assert_eq!(orphan.points(2).unwrap(), vec![vec![7]]);
    assert_eq!(orphan.ctx(), orphan.clone().ctx());
}

#[test]
fn c_division_and_tagged_relations() {
    let ctx = Ctx::new();
    let e = PwAff::parse(&ctx, "{ [i] -> [(i - 5)] }").unwrap();
    let three = PwAff::parse(&ctx, "{ [i] -> [(3)] }").unwrap();
    // C truncates toward zero: (-4) / 3 == -1 and (-4) % 3 == -1, for i = 1.
    let q = e
        .tdiv_q(&three)
        .unwrap()
        .intersect_domain(&set(&ctx, "{ [1] }"))
        .unwrap();
    check(q.coalesce().unwrap(), expect!["{ [i] -> [(-1)] : i = 1 }"]);
    let r = e
        .tdiv_r(&three)
        .unwrap()
        .intersect_domain(&set(&ctx, "{ [1] }"))
        .unwrap();
    check(r.coalesce().unwrap(), expect!["{ [i] -> [(-1)] : i = 1 }"]);
    let c = PwAff::cond(&e, &three, &PwAff::parse(&ctx, "{ [i] -> [(7)] }").unwrap()).unwrap();
    check(
        c,
        expect!["{ [i] -> [(3)] : i <= 4 or i >= 6; [i] -> [(7)] : i = 5 }"],
    );
    let d = set(&ctx, "{ [i] : 0 <= i < 4 }");
    check(
        PwAff::constant_on(&d, &Val::from_i64(&ctx, 9).unwrap()).unwrap(),
        expect!["{ [i] -> [(9)] : 0 <= i <= 3 }"],
    );
    check(
        three
            .intersect_domain(&d)
            .unwrap()
            .union_add(&three)
            .unwrap(),
        expect!["{ [i] -> [(6)] : 0 <= i <= 3; [i] -> [(3)] : i < 0 or i >= 4 }"],
    );
    // Dependences between tagged accesses, untagged.
    let tagged = UnionMap::parse(&ctx, "{ [S[i] -> a0[]] -> [T[j] -> a1[]] : j = i + 1 }").unwrap();
    check(
        tagged.factor_domain().unwrap(),
        expect!["{ S[i] -> T[j = 1 + i] }"],
    );
    check(tagged.factor_range().unwrap(), expect!["{ a0[] -> a1[] }"]);
    check(
        tagged.domain_factor_domain().unwrap(),
        expect!["{ S[i] -> [T[j = 1 + i] -> a1[]] }"],
    );
    check(
        UnionMap::parse(&ctx, "{ S[i] -> [T[j] -> a1[]] }")
            .unwrap()
            .range_factor_domain()
            .unwrap(),
        expect!["{ S[i] -> T[j] }"],
    );
    check(
        tagged.zip().unwrap(),
        expect!["{ [S[i] -> T[j = 1 + i]] -> [a0[] -> a1[]] }"],
    );
    assert_eq!(tagged.wrap().unwrap().unwrap_map().unwrap(), tagged);
}

#[test]
fn parsed_objects_are_shared_and_outlive_each_other() {
    let ctx = Ctx::new();
    let text = "[n] -> { [i, j] -> [i + 1, j] : 0 <= i < n }";
    let a = map(&ctx, text);
    let b = map(&ctx, text);
    assert!(a.is_equal(&b).unwrap());
    // Each is its own reference: dropping one leaves the other (and the kept copy) usable.
    drop(a);
    let c = map(&ctx, text);
    assert!(b.is_equal(&c).unwrap());
    // A set and a map of the same text are kept apart; a failed parse fails again.
    assert!(Map::parse(&ctx, "{ [i] : 0 <= i < 4 }").is_ok());
    assert!(Set::parse(&ctx, "{ [i] : 0 <= }").is_err());
    assert!(Set::parse(&ctx, "{ [i] : 0 <= }").is_err());
    assert_eq!(
        Set::parse(&ctx, "{ [i] : 0 <= i < 4 }")
            .unwrap()
            .to_string(),
        "{ [i] : 0 <= i <= 3 }"
    );
}

#[test]
fn plainly_fixed_dimensions() {
    let ctx = Ctx::new();
    let m = map(&ctx, "[n] -> { S[i] -> [i, 3, n, 0] : 0 <= i < n }");
    let fixed: Vec<Option<i64>> = (0..4)
        .map(|d| m.plain_fixed(DimType::Out, d).unwrap())
        .collect();
    assert_eq!(fixed, [None, Some(3), None, Some(0)]);
    assert!(m.plain_fixed(DimType::Out, 4).is_err());
}

#[test]
fn products_of_maps_and_their_first_factors() {
    let ctx = Ctx::new();
    let order = map(&ctx, "[n] -> { S[i] -> T[j] : 0 <= i < j < n }");
    let tags = map(&ctx, "{ a0[] -> a3[] }");
    let tagged = order.product(&tags).unwrap();
    check(
        tagged.clone(),
        expect!["[n] -> { [S[i] -> a0[]] -> [T[j] -> a3[]] : i >= 0 and i < j < n }"],
    );
    check(
        tagged.factor_domain().unwrap(),
        expect!["[n] -> { S[i] -> T[j] : i >= 0 and i < j < n }"],
    );
}

/// A schedule restricted to one statement's domain is a map even when the domain is empty
/// (isl drops empty parts of a union, so `to_map` of the intersection fails there).
#[test]
fn union_restricted_to_an_empty_domain_is_an_empty_map() {
    let ctx = Ctx::new();
    let sched = UnionMap::parse(&ctx, "[n] -> { S[i] -> [0, i]; T[i, j] -> [1, i + j] }").unwrap();
    let t = Set::parse(&ctx, "[n] -> { T[i, j] : 0 <= i, j < n }").unwrap();
    check(
        sched.restrict_to(&t).unwrap(),
        expect!["[n] -> { T[i, j] -> [1, i + j] : 0 <= i < n and 0 <= j < n }"],
    );
    let never = Set::parse(&ctx, "[n] -> { T[i, j] : 0 < 0 }").unwrap();
    assert!(
        sched
            .intersect_domain(&never.to_union().unwrap())
            .unwrap()
            .to_map()
            .is_err()
    );
    let empty = sched.restrict_to(&never).unwrap();
    assert!(empty.is_empty().unwrap());
    check(empty, expect!["[n] -> { T[i, j] -> [o0, o1] : false }"]);
}

/// isl computes `a^b` while reading, with `b` modulo 2^64: a short text could keep it busy for
/// hours (found by fuzzing). Exponents above 64 are refused; small ones still read.
#[test]
fn huge_powers_in_isl_notation_are_refused() {
    let ctx = Ctx::new();
    for text in [
        "[n] -> { S[i] -> [(399^999999999999999999999999i)] }",
        "{ [i] : i < 3^65 }",
        "{ [i] : i < 3^ }",
        "{ [i] : i < 3^-1 }",
    ] {
        let e = Set::parse(&ctx, text)
            .map(|_| ())
            .or_else(|_| Map::parse(&ctx, text).map(|_| ()))
            .unwrap_err();
        assert!(e.to_string().contains("exponent"), "{text}: {e}");
    }
    check(
        Set::parse(&ctx, "{ [i] : 0 <= i < 2^4 }").unwrap(),
        expect!["{ [i] : 0 <= i <= 15 }"],
    );
}

/// isl's reader takes text that starts like a mapping for a schedule, whatever it was asked
/// for, and crashed on malformed ones (found by fuzzing): refused before isl sees it.
#[test]
fn mapping_text_is_no_set() {
    let ctx = Ctx::new();
    for text in [
        "domain: 1",
        "{ domain: 1, child: 1 }",
        "{ \"domain\": \"x\" }",
    ] {
        let e = UnionSet::parse(&ctx, text).unwrap_err();
        assert!(
            e.to_string().contains("starts like a mapping"),
            "{text}: {e}"
        );
        assert!(Map::parse(&ctx, text).is_err(), "{text}");
    }
    // Inside a schedule, the strings of isl notation are checked the same way.
    let e = Schedule::parse(
        &ctx,
        "{ domain: \" domain: 1\", child: { schedule: \"[{ S[i] -> [(i)] }]\" } }",
    )
    .unwrap_err();
    assert!(e.to_string().contains("starts like a mapping"), "{e}");
    // Sets whose first tuple is named, or that only constrain parameters, are fine.
    for text in ["{ S[i] : 0 <= i < 4 }", "[n] -> { : n > 0 }", "{ : }"] {
        assert!(UnionSet::parse(&ctx, text).is_ok(), "{text}");
    }
    assert!(
        Schedule::parse(
            &ctx,
            "{ domain: \"{ S[i] : 0 <= i < 4 }\", child: { schedule: \"[{ S[i] -> [(i)] }]\" } }"
        )
        .is_ok()
    );
}

/// isl's reader recurses on nesting and slows down sharply with wide tuples (found by
/// fuzzing): deeper or wider text is refused before isl sees it.
#[test]
fn deep_or_wide_isl_notation_is_refused() {
    let ctx = Ctx::new();
    let deep = format!("{{ [i] : {}i{} > 0 }}", "(".repeat(100), ")".repeat(100));
    let e = Set::parse(&ctx, &deep).unwrap_err();
    assert!(e.to_string().contains("nested deeper"), "{e}");
    let wide = format!("{{ [{}] }}", vec!["k"; 200].join(", "));
    let e = Set::parse(&ctx, &wide).unwrap_err();
    assert!(e.to_string().contains("more than 96 entries"), "{e}");
    // isl reads `S[i][j]` as `S[i, j]`: chained tuples count as one.
    for chain in ["[i]", "[0, i]", "[i] "] {
        let wide = format!("{{ S{} }}", chain.repeat(97));
        let e = UnionSet::parse(&ctx, &wide).unwrap_err();
        assert!(
            e.to_string().contains("more than 96 entries"),
            "{chain}: {e}"
        );
    }
    check(
        UnionSet::parse(&ctx, &format!("{{ S{} }}", "[i]".repeat(3))).unwrap(),
        expect!["{ S[i, i, i] }"],
    );
    check(
        Map::parse(&ctx, "{ S[i] -> [i] : i > 0 }").unwrap(),
        expect!["{ S[i] -> [i] : i > 0 }"],
    );
    let ok = format!(
        "{{ [{}] }}",
        (0..40)
            .map(|k| format!("x{k}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert!(Set::parse(&ctx, &ok).is_ok());
}
