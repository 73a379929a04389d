//! Values, affine functions, errors, budgets, and the guards on isl notation.

use super::*;

/// The extremes of an affine function over a set's integer points: NaN when the set is empty,
/// infinite when unbounded, parameters counted as variables.
#[test]
fn set_min_and_max_values() {
    let ctx = Ctx::new();
    let x = |s: &Set| {
        Aff::zero_on_domain(&s.space().unwrap())
            .unwrap()
            .with_coefficient(DimType::In, 1, &Val::from_i64(&ctx, 2).unwrap())
            .unwrap()
    };
    let s = set(
        &ctx,
        "{ [i, j] : 0 <= i < 4 and i <= j <= 10 and 2j <= 15 }",
    );
    check(s.min_val(&x(&s)).unwrap(), expect!["0"]);
    check(s.max_val(&x(&s)).unwrap(), expect!["14"]);
    let empty = set(&ctx, "{ [i, j] : 0 <= i < j < i }");
    assert!(empty.min_val(&x(&empty)).unwrap().is_nan().unwrap());
    assert!(empty.max_val(&x(&empty)).unwrap().is_nan().unwrap());
    let open = set(&ctx, "[n] -> { [i, j] : 0 <= i <= j }");
    check(open.min_val(&x(&open)).unwrap(), expect!["0"]);
    assert!(open.max_val(&x(&open)).unwrap().is_infty().unwrap());
    // The parameter is a variable of the optimization: `j = n` with `0 <= n <= 5`.
    let fixed = set(&ctx, "[n] -> { [i, j] : i = 0 and j = n and 0 <= n <= 5 }");
    check(fixed.max_val(&x(&fixed)).unwrap(), expect!["10"]);
}

#[test]
fn set_insert_dims() {
    let ctx = Ctx::new();
    let s = set(&ctx, "[n] -> { [i, j] : 0 <= i < n and j = 2i }");
    check(
        s.insert_dims(DimType::SET, 1, 2)
            .unwrap()
            .fix(DimType::SET, 1, 7)
            .unwrap(),
        expect!["[n] -> { [i, 7, i2, j = 2i] : 0 <= i < n }"],
    );
    // At the end too; past it is an error.
    assert_eq!(
        s.insert_dims(DimType::SET, 2, 1)
            .unwrap()
            .dim(DimType::SET)
            .unwrap(),
        3
    );
    assert!(s.insert_dims(DimType::SET, 3, 1).is_err());
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
fn budget_counts_nested_budgets_and_parsing() {
    let ctx = Ctx::new();
    let hard = "[n] -> { [i, j, k] : 0 <= i, j, k < n and 3i + 5j + 7k = 101 }";
    let set = Set::parse(&ctx, hard).unwrap();
    // What one lexmin costs, counted.
    ctx.with_budget(10_000_000, || set.lexmin()).unwrap();
    let one = ctx.last_operations();
    assert!(one > 0);
    // The same work counts the same (the count is isl's, not the clock's): in a new context
    // (isl keeps what it learnt about a set, so the same call on it again counts less).
    let again = Ctx::new();
    let copy = Set::parse(&again, hard).unwrap();
    again.with_budget(10_000_000, || copy.lexmin()).unwrap();
    assert_eq!(again.last_operations(), one);
    // Budgets nested in another count toward it: ten nested lexmins under a budget of five
    // run out, though each nested budget alone is enough.
    // (Each a new set: isl keeps what it learnt about one.)
    let fresh = |k: usize| {
        let text = format!(
            "[n] -> {{ [i, j, k] : 0 <= i, j, k < n and 3i + 5j + 7k = {} }}",
            101 + k
        );
        Set::parse(&ctx, &text)
    };
    let r = ctx.with_budget(5 * one, || {
        for k in 0..10 {
            let s = fresh(k)?;
            ctx.with_budget(10_000_000, || s.lexmin())?;
        }
        Ok(())
    });
    assert_eq!(r.unwrap_err(), Error::Budget);
    // And are counted in it.
    ctx.with_budget(100 * one, || {
        for k in 20..23 {
            let s = fresh(k)?;
            ctx.with_budget(10_000_000, || s.lexmin())?;
        }
        Ok(())
    })
    .unwrap();
    assert!(ctx.last_operations() >= 3 * one);
    // A parser stopped by the budget reports the budget, not a syntax error.
    let long = format!(
        "{{ [{}] : {} }}",
        (0..40)
            .map(|k| format!("x{k}"))
            .collect::<Vec<_>>()
            .join(", "),
        (0..40)
            .map(|k| format!("x{k} >= {k}"))
            .collect::<Vec<_>>()
            .join(" and ")
    );
    for budget in 1..200 {
        match ctx.with_budget(budget, || Set::parse(&ctx, &long)) {
            Ok(_) => break,
            Err(e) => assert_eq!(e, Error::Budget, "with a budget of {budget}"),
        }
    }
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
