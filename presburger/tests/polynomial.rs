//! `Polynomial`: unit tests and property tests of the ring laws, division, substitution,
//! evaluation and print/parse round trips.

use num_bigint::BigInt;
use optimist_presburger::*;
use proptest::prelude::*;
use std::collections::BTreeMap;

fn p(s: &str) -> Polynomial {
    s.parse().unwrap()
}

#[test]
fn parse_print_and_expand() {
    assert_eq!(p("(2*j)*n + i").to_string(), "2*j*n + i");
    assert_eq!(p("(a + b)^2").to_string(), "a^2 + 2*a*b + b^2");
    assert_eq!(p("-(a - 1)^2").to_string(), "-a^2 + 2*a - 1");
    assert_eq!(p("x - x").to_string(), "0");
    assert_eq!(p("3 * 4 - 12").to_string(), "0");
    assert_eq!(p("i*n*m + j*m + k").to_string(), "i*m*n + j*m + k");
    assert_eq!(p("  7  ").to_string(), "7");
    assert_eq!(p("-5 + x").to_string(), "x - 5");
    assert_eq!(
        p("123456789012345678901234567890 * x").to_string(),
        "123456789012345678901234567890*x"
    );
    let q = p("2*i*n^2 - 3*j + 5");
    let terms: Vec<String> = q.terms().map(|(m, c)| format!("{c}:{m}")).collect();
    assert_eq!(terms, ["2:i*n^2", "-3:j", "5:1"]);
    assert_eq!(q.degree(), 3);
    assert!(!q.is_affine());
    assert!(p("2*i - j + 3").is_affine());
    assert_eq!(q.variables(), ["i", "j", "n"]);
    assert_eq!(q.constant_term(), BigInt::from(5));
    assert_eq!(q.coefficient(&Monomial::var("j")), BigInt::from(-3));
    assert_eq!(
        q.leading_term().map(|(m, _)| m.to_string()),
        Some("i*n^2".into())
    );
}

#[test]
fn syntax_errors_name_the_offset() {
    for (text, offset) in [
        ("", 0),
        ("x +", 3),
        ("(x", 2),
        ("x ^ y", 4),
        ("x $ y", 2),
        ("x^65", 2),
        ("2 3", 2),
    ] {
        match text.parse::<Polynomial>() {
            Err(Error::PolynomialSyntax { offset: o, .. }) => assert_eq!(o, offset, "{text:?}"),
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
    }
    // Deep nesting is an error, not a stack overflow.
    let deep = format!("{}x{}", "(".repeat(10_000), ")".repeat(10_000));
    assert!(deep.parse::<Polynomial>().is_err());
    let negs = format!("{}x", "-".repeat(10_000));
    assert!(negs.parse::<Polynomial>().is_err());
    // Input whose expansion would explode is refused, quickly.
    assert!("((a + b)^64)^64".parse::<Polynomial>().is_err());
    assert_eq!(p("(a + b)^64").terms().count(), 65);
    let sum = "(a + b + c + d + e + f + g + h + i + j)";
    assert!([sum; 12].join("*").parse::<Polynomial>().is_err());
}

#[test]
fn division() {
    // The linearized subscript of A[i][j][k] in an n x m x _ array.
    let s = p("i*n*m + j*m + k");
    let (q, r) = s.div_rem(&p("m")).unwrap();
    assert_eq!(
        (q.to_string(), r.to_string()),
        ("i*n + j".into(), "k".into())
    );
    let (q2, r2) = q.div_rem(&p("n")).unwrap();
    assert_eq!((q2.to_string(), r2.to_string()), ("i".into(), "j".into()));
    let (q, r) = s.div_monomial(&Monomial::var("m"));
    assert_eq!(
        (q.to_string(), r.to_string()),
        ("i*n + j".into(), "k".into())
    );
    // Exact division by a polynomial.
    let (q, r) = p("x^2 - 1").div_rem(&p("x - 1")).unwrap();
    assert_eq!((q.to_string(), r.to_string()), ("x + 1".into(), "0".into()));
    // Over the integers, a coefficient that does not divide stays in the remainder.
    let (q, r) = p("3*x + 1").div_rem(&p("2*x")).unwrap();
    assert_eq!(
        (q.to_string(), r.to_string()),
        ("0".into(), "3*x + 1".into())
    );
    assert!(matches!(
        p("x").div_rem(&Polynomial::zero()),
        Err(Error::InvalidArgument(_))
    ));
}

#[test]
fn substitution_evaluation_and_affine_conversion() {
    let s = p("2*j*n + i");
    assert_eq!(
        s.substitute("n", &p("m + 1")).to_string(),
        "2*j*m + i + 2*j"
    );
    let vals: BTreeMap<&str, BigInt> = [("i", 3), ("j", 4), ("n", 10)]
        .into_iter()
        .map(|(k, v)| (k, BigInt::from(v)))
        .collect();
    assert_eq!(
        s.evaluate(&|v| vals.get(v).cloned()).unwrap(),
        BigInt::from(83)
    );
    assert!(p("q").evaluate(&|v| vals.get(v).cloned()).is_err());

    let ctx = Ctx::new();
    let domain = Set::parse(&ctx, "[n] -> { [i, j] }")
        .unwrap()
        .space()
        .unwrap();
    let aff = p("2*j + 3*n - i + 7").to_aff(&domain).unwrap();
    assert_eq!(aff.to_string(), "[n] -> { [i, j] -> [(7 + 3n - i + 2j)] }");
    assert!(
        matches!(s.to_aff(&domain), Err(Error::InvalidArgument(_))),
        "not affine"
    );
    assert!(
        matches!(p("q + 1").to_aff(&domain), Err(Error::InvalidArgument(_))),
        "unknown variable"
    );
    assert_eq!(
        Polynomial::zero().to_aff(&domain).unwrap().to_string(),
        "[n] -> { [i, j] -> [(0)] }"
    );
}

/// Random polynomials in three variables with small coefficients and exponents.
fn poly() -> impl Strategy<Value = Polynomial> {
    prop::collection::vec((-5i64..=5, 0u32..=2, 0u32..=2, 0u32..=2), 0..5).prop_map(|terms| {
        let mut out = Polynomial::zero();
        for (c, ea, eb, ec) in terms {
            let t = &(&Polynomial::var("a").pow(ea) * &Polynomial::var("b").pow(eb))
                * &Polynomial::var("c").pow(ec);
            out = &out + &(&t * &Polynomial::constant(c));
        }
        out
    })
}

fn eval(q: &Polynomial, a: i64, b: i64, c: i64) -> BigInt {
    q.evaluate(&|v| match v {
        "a" => Some(a.into()),
        "b" => Some(b.into()),
        "c" => Some(c.into()),
        _ => None,
    })
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn ring_laws(x in poly(), y in poly(), z in poly()) {
        let zero = Polynomial::zero();
        let one = Polynomial::constant(1);
        prop_assert_eq!(&x + &y, &y + &x);
        prop_assert_eq!(&x * &y, &y * &x);
        prop_assert_eq!(&(&x + &y) + &z, &x + &(&y + &z));
        prop_assert_eq!(&(&x * &y) * &z, &x * &(&y * &z));
        prop_assert_eq!(&x * &(&y + &z), &(&x * &y) + &(&x * &z));
        prop_assert_eq!(&x + &zero, x.clone());
        prop_assert_eq!(&x * &one, x.clone());
        prop_assert_eq!(&x * &zero, zero.clone());
        prop_assert_eq!(&x - &x, zero.clone());
        prop_assert_eq!(&x + &(-&x), zero);
    }

    #[test]
    fn evaluation_is_a_ring_homomorphism(x in poly(), y in poly(), a in -4i64..=4, b in -4i64..=4, c in -4i64..=4) {
        prop_assert_eq!(eval(&(&x + &y), a, b, c), eval(&x, a, b, c) + eval(&y, a, b, c));
        prop_assert_eq!(eval(&(&x * &y), a, b, c), eval(&x, a, b, c) * eval(&y, a, b, c));
        // Substituting `a := y` then evaluating equals evaluating with `a` set to `y`'s value.
        let ya = eval(&y, a, b, c);
        let expected = x
            .evaluate(&|v| match v {
                "a" => Some(ya.clone()),
                "b" => Some(b.into()),
                "c" => Some(c.into()),
                _ => None,
            })
            .unwrap();
        prop_assert_eq!(eval(&x.substitute("a", &y), a, b, c), expected);
    }

    #[test]
    fn division_reconstructs(x in poly(), d in poly()) {
        prop_assume!(!d.is_zero());
        let (q, r) = x.div_rem(&d).unwrap();
        prop_assert_eq!(&(&q * &d) + &r, x.clone());
        // No term of the remainder is divisible by the leading term of the divisor.
        let (lm, lc) = d.leading_term().unwrap();
        for (m, c) in r.terms() {
            prop_assert!(m.div(lm).is_none() || c % lc != BigInt::from(0));
        }
        let (q, r) = x.div_monomial(&Monomial::var("b"));
        prop_assert_eq!(&q.mul_term(&BigInt::from(1), &Monomial::var("b")) + &r, x);
    }

    #[test]
    fn print_parse_round_trip(x in poly()) {
        let printed = x.to_string();
        let parsed: Polynomial = printed.parse().unwrap();
        prop_assert_eq!(&parsed, &x);
        prop_assert_eq!(parsed.to_string(), printed);
    }

    #[test]
    fn parser_never_panics(text in "[-+*^() a-c0-9]{0,30}") {
        let _ = text.parse::<Polynomial>();
    }
}
