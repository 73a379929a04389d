//! One test per construct outside the subset: the error names `file:line:col` and says what
//! is not supported. And the front end never panics, whatever it is given.

use expect_test::{Expect, expect};
use optimist_scop::frontend::{FrontendConfig, parse_source};
use proptest::prelude::*;

/// Lowers `body` inside `void k(int n, double A[n], double *P) { ... }` and checks the error.
fn check_body(body: &str, expect: Expect) {
    let src = format!("void k(int n, double A[n], double *P)\n{{\n{body}\n}}\n");
    check_source(&src, expect);
}

fn check_source(src: &str, expect: Expect) {
    match parse_source("t.c", src, None, &FrontendConfig::default()) {
        Ok(f) => panic!("expected an error, got:\n{f}"),
        Err(e) => expect.assert_eq(&e.to_string()),
    }
}

#[test]
fn goto() {
    check_body(
        "  L: A[0] = 1;\n  goto L;",
        expect!["t.c:4:3: `goto` is not supported"],
    );
}

#[test]
fn unknown_function_call() {
    check_body(
        "  A[0] = foo(1.0);",
        expect![
            "t.c:3:10: call to unknown function `foo`: a kernel can call the math functions sqrt, exp, log, pow, fabs, fmin, fmax, floor, ceil, sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, exp2, log2, log10, cbrt, hypot, fmod, trunc, round, fma (and their `f` variants), functions declared `__attribute__((const))` (the result depends only on the arguments; no memory is read or written), and functions of the file (inlined): in an expression those whose body is one `return EXPRESSION;` over their parameters, as a statement `void` ones"
        ],
    );
    check_body(
        "  printf(\"%d\", n);",
        expect![
            "t.c:3:3: call to unknown function `printf`: a kernel can call the math functions sqrt, exp, log, pow, fabs, fmin, fmax, floor, ceil, sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, exp2, log2, log10, cbrt, hypot, fmod, trunc, round, fma (and their `f` variants), functions declared `__attribute__((const))` (the result depends only on the arguments; no memory is read or written), and functions of the file (inlined): in an expression those whose body is one `return EXPRESSION;` over their parameters, as a statement `void` ones"
        ],
    );
}

/// Only functions declared `__attribute__((const))` can be called, and only as values of
/// their scalar arguments.
#[test]
fn calls_of_functions_that_are_not_const() {
    check_source(
        "__attribute__((pure)) double f(double);\nvoid k(int n, double A[n]) { A[0] = f(A[1]); }\n",
        expect![
            "t.c:2:37: `f` is declared `pure`, which lets it read memory the model cannot see: only functions declared `__attribute__((const))` can be called"
        ],
    );
    check_source(
        "__attribute__((const)) double f(double *x);\nvoid k(int n, double A[n]) { A[0] = f(A); }\n",
        expect![
            "t.c:1:33: `f` takes an array or pointer: a `const` function called in a kernel takes scalars only"
        ],
    );
    check_source(
        "__attribute__((const)) void f(double x);\nvoid k(int n, double A[n]) { A[0] = f(A[1]); }\n",
        expect![
            "t.c:1:29: `f` returns `void`: a `const` function called in a kernel must return a value"
        ],
    );
    check_source(
        "__attribute__((const)) double f(double x) { return x > 0.0 ? f(x - 1.0) : x; }\nvoid k(int n, double A[n]) { A[0] = f(A[1]); }\n",
        expect!["t.c:1:1: `f` calls itself: recursive `const` functions are not supported"],
    );
    check_source(
        "__attribute__((const)) double f(double x, double y);\nvoid k(int n, double A[n]) { A[0] = f(A[1]); }\n",
        expect!["t.c:2:37: `f` takes 2 argument(s), not 1"],
    );
}

/// Counting `while` and `do`-`while` loops are accepted (the corpus runs them); the ones that
/// do not count are refused with what to write.
#[test]
fn while_loops_that_do_not_count() {
    check_body(
        "  int i = 0;\n  while (A[i] > 0) { A[i] = 0; i++; }",
        expect![
            "t.c:4:10: a `while` loop must count: compare an integer counter with a bound and step it by a constant as the last statement of its body (or write a `for` loop)"
        ],
    );
    check_body(
        "  int i = 0;\n  while (i < n) { i++; A[i] = 0; }",
        expect!["t.c:4:24: the loop step must change `i` by a constant, as in `i++` or `i += 2`"],
    );
    check_body(
        "  int i = 0;\n  while (i < n) i++;",
        expect![
            "t.c:4:17: a `while` loop must count: compare an integer counter with a bound and step it by a constant as the last statement of its body (or write a `for` loop)"
        ],
    );
    check_body(
        "  int i = 0;\n  do { A[i] = 0; i++; } while (i != n);",
        expect![
            "t.c:4:3: a `do`-`while` loop must test `i <` or `<=` with a positive step, `>` or `>=` with a negative one"
        ],
    );
    check_body(
        "  int i;\n  do { A[i] = 0; i++; } while (i < n);",
        expect![
            "t.c:4:3: a `do`-`while` loop needs `i` assigned just before it, from values and a bound the loop does not change (or write a `for` loop)"
        ],
    );
    check_body(
        "  int i = 0;\n  do { A[i] = 0; n--; i++; } while (i < n);",
        expect![
            "t.c:4:3: a `do`-`while` loop needs `i` assigned just before it, from values and a bound the loop does not change (or write a `for` loop)"
        ],
    );
}

#[test]
fn chained_assignment_in_a_loop_header() {
    check_body(
        "  int i, j;\n  for (i = j = 0; i < n; i++)\n    A[i] = 0;",
        expect!["t.c:4:8: a chained assignment is not supported here: write one assignment"],
    );
}

#[test]
fn pointer_arithmetic() {
    check_body(
        "  *(P + 1) = 2.0;",
        expect!["t.c:3:3: pointer dereference is not supported: subscript the array instead"],
    );
    check_body(
        "  A[0] = *P;",
        expect!["t.c:3:10: pointer dereference is not supported: subscript the array instead"],
    );
}

#[test]
fn address_of() {
    check_body(
        "  A[0] = &n;",
        expect!["t.c:3:10: address-of (`&`) is not supported"],
    );
}

#[test]
fn structs() {
    check_source(
        "struct S { int x; };\nvoid k(struct S s, double A[10])\n{\n  A[0] = 1;\n}\n",
        expect!["t.c:2:8: structs are not supported"],
    );
    check_body(
        "  A[0] = n.x;",
        expect!["t.c:3:10: structs are not supported"],
    );
}

#[test]
fn side_effects_inside_expressions() {
    check_body(
        "  for (int i = 0; i < n; i++)\n    A[i++] = 0;",
        expect![
            "t.c:4:7: increment or decrement inside an expression: side effects are only supported as statements"
        ],
    );
    check_body(
        "  int j = 0;\n  A[0] = (j = 1) + 1;",
        expect![
            "t.c:4:10: assignment inside an expression: side effects are only supported as statements"
        ],
    );
}

#[test]
fn syntax_error() {
    check_body(
        "  A[0] = 1 +;",
        expect![[
            r#"t.c:3:13: syntax error at `;`: expected one of ! " & ( * + ++ - -- [_a-zA-Z] [uUL] u8 ~"#
        ]],
    );
    check_source(
        "void k(int n) {\n  for (;;\n}\n",
        expect![[
            r#"t.c:3:1: syntax error at `}`: expected one of ! " & ( ) * + ++ - -- [_a-zA-Z] [uUL] u8 ~"#
        ]],
    );
}

#[test]
fn other_statements() {
    check_body(
        "  for (int i = 0; i < n; i++) {\n    if (A[i] > 1) break;\n  }",
        expect!["t.c:4:19: `break` is not supported: loops must run to their bound"],
    );
    check_body(
        "  if (n > 2) return;\n  A[0] = 1;",
        expect!["t.c:3:14: `return` is supported only as the function's last statement"],
    );
    // A structured `switch` is a chain of `if`s; a `case` inside another statement is not.
    check_body(
        "  switch (n) { case 1: if (n) { case 2: A[1] = 2; } break; }",
        expect![
            "t.c:3:33: a `case` or `default` label inside another statement of its `switch` is not supported"
        ],
    );
    check_body(
        "  do { A[0] = 1; } while (0);",
        expect![
            "t.c:3:27: a `do`-`while` loop must count: compare an integer counter with a bound and step it by a constant as the last statement of its body (or write a `for` loop)"
        ],
    );
}

#[test]
fn loops_outside_the_subset() {
    check_body(
        "  for (int i = 0; i < n; i *= 2)\n    A[i] = 0;",
        expect!["t.c:3:26: the loop step must change `i` by a constant, as in `i++` or `i += 2`"],
    );
    check_body(
        "  for (int i = 0; A[i] < n; i++)\n    A[i] = 0;",
        expect!["t.c:3:19: the loop condition must compare `i` with `< <= > >= != ==`"],
    );
    check_body(
        "  for (double x = 0; x < n; x++)\n    A[0] = x;",
        expect!["t.c:3:8: the loop counter must be an integer"],
    );
    check_body(
        "  for (int i = 0; i < n; i += n)\n    A[i] = 0;",
        expect!["t.c:3:26: the loop step must change `i` by a constant, as in `i++` or `i += 2`"],
    );
    // A step at the end of the body adds to the header's (`corpus/counter_steps.c`).
    check_body(
        "  for (int i = 0; i < n; i++) {\n    A[i] = 0;\n    i--;\n  }",
        expect![
            "t.c:3:3: the loop's steps of `i` (in its header and at the end of its body) must add up to a non-zero constant"
        ],
    );
    check_body(
        "  for (int i = 0; i < n;) {\n    A[i] = 0;\n    i += n;\n  }",
        expect!["t.c:5:5: the loop step must change `i` by a constant, as in `i++` or `i += 2`"],
    );
    check_body(
        "  int i;\n  for (; A[0] < n;)\n    A[0] = 0;",
        expect!["t.c:4:8: the loop needs a counter initialization, as in `for (i = 0; ...)`"],
    );
}

#[test]
fn names_and_shapes() {
    check_body("  A[0] = q;", expect!["t.c:3:10: unknown variable `q`"]);
    check_body(
        "  A = 0;",
        expect!["t.c:3:3: cannot assign to the whole array `A`"],
    );
    check_source(
        "void k(int n, double B[n][n])\n{\n  B[1] = 0;\n}\n",
        expect![
            "t.c:3:3: `B` has 2 dimension(s) but is subscripted 1 time(s): pointer arithmetic and partial subscripts are not supported"
        ],
    );
    check_source(
        "int k(int n)\n{\n  n = 1;\n}\n",
        expect!["t.c:1:1: `k` returns int: it must end with `return VALUE;`, its only `return`"],
    );
}

#[test]
fn pragma_regions() {
    check_source(
        "void k(int n, double A[n])\n{\n  A[0] = 1;\n#pragma scop\n  A[1] = 2;\n#pragma endscop\n}\n",
        expect![
            "t.c:3:3: statement outside the `#pragma scop` region: move it inside, or remove the pragmas"
        ],
    );
    check_source(
        "void k(int n, double A[n])\n{\n#pragma scop\n  A[0] = 1;\n#pragma endscop\n  A[1] = 2;\n#pragma scop\n  A[2] = 3;\n#pragma endscop\n}\n",
        expect![
            "t.c:6:3: statement outside the `#pragma scop` region: move it inside, or remove the pragmas"
        ],
    );
    check_source(
        "void k(int n, double A[n])\n{\n#pragma scop\n  A[0] = 1;\n#pragma endscop\n  A[1] = 2;\n}\n",
        expect![
            "t.c:6:3: statement after the `#pragma scop` region: move it inside, or remove the pragmas"
        ],
    );
    check_source(
        "void k(int n, double A[n])\n{\n#pragma scop\n  A[1] = 2;\n}\n",
        expect!["t.c:3:1: `#pragma scop` and `#pragma endscop` do not pair up"],
    );
}

#[test]
fn function_choice() {
    let two = "void f(double A[4]) { A[0] = 1; }\nvoid g(double A[4]) { A[1] = 2; }\n";
    check_source(
        two,
        expect!["t.c:1:1: several functions (f, g): choose one with --function"],
    );
    let f = parse_source(
        "t.c",
        two,
        None,
        &FrontendConfig {
            function: Some("g".into()),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(f.name, "g");
    match parse_source(
        "t.c",
        two,
        None,
        &FrontendConfig {
            function: Some("h".into()),
            ..Default::default()
        },
    ) {
        Err(e) => expect!["t.c:1:1: no function `h` (functions: f, g)"].assert_eq(&e.to_string()),
        Ok(_) => panic!("no function h"),
    }
    // With a scop region in one of them, that one is chosen.
    let scop = "void f(double A[4]) { A[0] = 1; }\nvoid g(double A[4]) {\n#pragma scop\n A[1] = 2;\n#pragma endscop\n}\n";
    assert_eq!(
        parse_source("t.c", scop, None, &FrontendConfig::default())
            .unwrap()
            .name,
        "g"
    );
}

#[test]
fn preprocessor_errors_name_the_file() {
    check_source(
        "#include \"missing.h\"\nvoid k(double A[4]) { A[0] = 1; }\n",
        expect![[r#"
        t.c:1:1: the preprocessor failed:
        t.c:1:10: fatal error: missing.h: No such file or directory
        compilation terminated."#]],
    );
    // After preprocessing, positions still refer to the user's lines.
    check_source(
        "#define N 4\n\nvoid k(double A[N])\n{\n  A[0] = foo();\n}\n",
        expect![
            "t.c:5:10: call to unknown function `foo`: a kernel can call the math functions sqrt, exp, log, pow, fabs, fmin, fmax, floor, ceil, sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh, exp2, log2, log10, cbrt, hypot, fmod, trunc, round, fma (and their `f` variants), functions declared `__attribute__((const))` (the result depends only on the arguments; no memory is read or written), and functions of the file (inlined): in an expression those whose body is one `return EXPRESSION;` over their parameters, as a statement `void` ones"
        ],
    );
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("  A[0] = {}1{};", "(".repeat(5000), ")".repeat(5000));
    check_body(
        &deep,
        expect!["t.c:3:521: nesting deeper than 512 levels is not supported"],
    );
    let unary = format!("  A[0] = {}1;", "- ".repeat(5000));
    check_body(
        &unary,
        expect!["t.c:3:1034: nesting deeper than 512 levels is not supported"],
    );
}

/// lang-c's parser takes time exponential in the length of a run like `+++=+++`: found by
/// fuzzing (`testkit/fuzz/`), 40 `+` on each side of `=` took 50 s.
#[test]
fn long_runs_of_plus_and_minus_are_refused_quickly() {
    let plus = format!("  n{}={};", "+".repeat(40), "+".repeat(40));
    check_body(
        &plus,
        expect![
            "t.c:3:4: more than 16 `+` and `-` characters in a row are not supported: group the operators with parentheses"
        ],
    );
    // Spaces do not help: `- -- -- ...` is as slow.
    check_body(
        &format!("  A[0] = n {}1;", "- -".repeat(40)),
        expect![
            "t.c:3:12: more than 16 `+` and `-` characters in a row are not supported: group the operators with parentheses"
        ],
    );
    // As many as C needs, or grouped by parentheses, they are fine.
    for body in [
        format!("  A[0] = n{}1{};", "+(-".repeat(40), ")".repeat(40)),
        "  A[0] = n+-+-+-1 - -1;".into(),
    ] {
        let src = format!("void k(int n, double A[n])\n{{\n{body}\n}}\n");
        let f = parse_source("t.c", &src, None, &FrontendConfig::default());
        assert!(f.is_ok(), "{body}: {:?}", f.err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Whatever text it gets, the front end returns a function or an error.
    #[test]
    fn never_panics(body in "[a-zA-Z0-9_ +*/%<>=!&|^~?:;,.(){}\\[\\]\n-]{0,80}") {
        let src = format!("void k(int n, double A[n], float *P, unsigned char c) {{ {body} }}");
        let _ = parse_source("t.c", &src, None, &FrontendConfig::default());
    }

    /// Statement-shaped garbage built from the subset's pieces.
    #[test]
    fn never_panics_on_statements(
        parts in prop::collection::vec(prop_oneof![
            Just("for (int i = 0; i < n; i++)"), Just("if (n > 2)"), Just("else"), Just("A[n - 1]"),
            Just("P[2 * n]"), Just("="), Just("+="), Just("1.5f"), Just("c"), Just("{"), Just("}"),
            Just(";"), Just("sqrt("), Just(")"), Just("(double)"), Just("n % 0"), Just("L:"),
            Just("-"), Just("?"), Just(":"), Just("0x7fffffff"), Just("18446744073709551615u"),
        ], 0..24)
    ) {
        let src = format!("void k(int n, double A[n], float *P, unsigned char c) {{ {} }}", parts.join(" "));
        let _ = parse_source("t.c", &src, None, &FrontendConfig::default());
    }
}
