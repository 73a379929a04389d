//! Expressions and constants, with C's typing through the IR's constructors.

use super::*;

impl<'a> Lower<'a> {
    /// The value of the variable (or enumeration constant) `name`.
    fn named(&mut self, name: &str, span: Span) -> R<Expr> {
        match self.lookup(name) {
            Some(Name::Var(v)) => Ok(Expr::var(v, self.vars[v].ty)),
            Some(Name::Array(_) | Name::Row(_)) => self.err(
                span,
                format!("array `{name}` used without all its subscripts"),
            ),
            Some(Name::Value(k)) => Ok(self.inlined[k].clone()),
            Some(Name::Struct(_)) => self.err(
                span,
                format!("the struct pointer `{name}` is used other than through its members"),
            ),
            None => match self.enums.get(name) {
                Some(value) => Ok(value.clone()),
                None => self.err(span, format!("unknown variable `{name}`")),
            },
        }
    }

    /// The variable a member expression names in a region's kernel, inlining a call: `s->a`
    /// of a parameter standing for the struct `st` the call passes is `st__a`, and `g.u` of a
    /// global struct `g` is `g__u` where the kernel has it. `None` for another.
    pub(super) fn member_name(&self, e: &Node<Expression>) -> Option<String> {
        let Expression::Member(m) = &e.node else {
            return None;
        };
        let Expression::Identifier(base) = &m.node.expression.node else {
            return None;
        };
        let field = &m.node.identifier.node.name;
        let name = match self.lookup(&base.node.name) {
            Some(Name::Struct(k)) => format!("{}__{field}", self.structs[k]),
            None if !self.inlining.is_empty() && self.calls_see_globals => {
                format!("{}__{field}", base.node.name)
            }
            _ => return None,
        };
        self.lookup(&name).is_some().then_some(name)
    }

    /// A pure expression.
    pub(super) fn expr(&mut self, e: &Node<Expression>) -> R<Expr> {
        let span = e.span;
        match &e.node {
            Expression::Identifier(id) => self.named(&id.node.name, span),
            Expression::Member(_) => match self.member_name(e) {
                Some(name) => self.named(&name, span),
                None => self.err(span, "structs are not supported"),
            },
            Expression::Constant(c) => self.constant(&c.node, span),
            Expression::BinaryOperator(b) => {
                use ast::BinaryOperator as B;
                let op = match b.node.operator.node {
                    B::Index => {
                        let (a, idx) = self.access(e)?;
                        let elem = self.arrays[a].elem;
                        return self.ir(span, Expr::read(a, elem, idx));
                    }
                    B::Multiply => BinOp::Mul,
                    B::Divide => BinOp::Div,
                    B::Modulo => BinOp::Rem,
                    B::Plus => BinOp::Add,
                    B::Minus => BinOp::Sub,
                    B::ShiftLeft => BinOp::Shl,
                    B::ShiftRight => BinOp::Shr,
                    B::Less => BinOp::Lt,
                    B::Greater => BinOp::Gt,
                    B::LessOrEqual => BinOp::Le,
                    B::GreaterOrEqual => BinOp::Ge,
                    B::Equals => BinOp::Eq,
                    B::NotEquals => BinOp::Ne,
                    B::BitwiseAnd => BinOp::BitAnd,
                    B::BitwiseXor => BinOp::BitXor,
                    B::BitwiseOr => BinOp::BitOr,
                    B::LogicalAnd => BinOp::And,
                    B::LogicalOr => BinOp::Or,
                    _ => return self.err(span, "assignment inside an expression: side effects are only supported as statements"),
                };
                let (l, r) = (self.expr(&b.node.lhs)?, self.expr(&b.node.rhs)?);
                self.ir(span, Expr::binary(op, l, r).map(Expr::folded))
            }
            Expression::UnaryOperator(u) => {
                use ast::UnaryOperator as U;
                let op = match u.node.operator.node {
                    U::Minus => Some(UnOp::Neg),
                    U::Plus => None,
                    U::Complement => Some(UnOp::BitNot),
                    U::Negate => Some(UnOp::Not),
                    U::Address => return self.err(span, "address-of (`&`) is not supported"),
                    U::Indirection => return self.err(span, "pointer dereference is not supported: subscript the array instead"),
                    _ => return self.err(span, "increment or decrement inside an expression: side effects are only supported as statements"),
                };
                let a = self.expr(&u.node.operand)?;
                match op {
                    Some(op) => {
                        // Fold negated literals so that `-1` is a constant, as C reads it.
                        match (&a.kind, op) {
                            (ExprKind::Int(v), UnOp::Neg)
                                if a.ty.is_signed() && -v >= a.ty.promote().min_int() =>
                            {
                                self.ir(span, Expr::int(-v, a.ty.promote()))
                            }
                            (ExprKind::Float(v), UnOp::Neg) => self.ir(span, Expr::float(-v, a.ty)),
                            _ => self.ir(span, Expr::unary(op, a)),
                        }
                    }
                    None => {
                        let t = a.ty.promote();
                        self.ir(span, a.convert(t))
                    }
                }
            }
            Expression::Cast(c) => {
                let t = &c.node.type_name.node;
                if t.declarator.is_some() {
                    return self.err(c.span, "pointer casts are not supported");
                }
                let mut words = Vec::new();
                for s in &t.specifiers {
                    match &s.node {
                        ast::SpecifierQualifier::TypeSpecifier(ts) => {
                            words.push((&ts.node, ts.span))
                        }
                        ast::SpecifierQualifier::TypeQualifier(_) => {}
                        ast::SpecifierQualifier::Extension(_) => {}
                    }
                }
                let Some(ty) = self.type_words(&words, c.span)? else {
                    return self.err(c.span, "casts to `void` are not supported");
                };
                let a = self.expr(&c.node.expression)?;
                self.ir(span, a.convert(ty))
            }
            Expression::Conditional(c) => {
                let cond = self.expr(&c.node.condition)?;
                let a = self.expr(&c.node.then_expression)?;
                let b = self.expr(&c.node.else_expression)?;
                self.ir(span, Expr::select(cond, a, b))
            }
            Expression::Call(c) => {
                let Expression::Identifier(id) = &c.node.callee.node else {
                    return self.call_error(c);
                };
                let name = &id.node.name;
                let math = MathFn::from_name(name).filter(|_| self.lookup(name).is_none());
                let pure = match math {
                    Some(_) => None,
                    None if self.pures.declares(name) => Some(self.pure_fn(name, c.span)?),
                    None => {
                        return match self.inline_call(name, c)? {
                            Some(e) => Ok(e),
                            None => self.call_error(c),
                        };
                    }
                };
                let args = c
                    .node
                    .arguments
                    .iter()
                    .map(|a| self.expr(a))
                    .collect::<R<Vec<_>>>()?;
                match (math, pure) {
                    (Some((f, ty)), _) => self.ir(span, Expr::call(f, ty, args)),
                    (None, Some(p)) => self.ir(span, Expr::pure_call(p, args)),
                    (None, None) => self.call_error(c),
                }
            }
            Expression::Comma(_) => self.err(span, "the comma operator is not supported"),
            Expression::StringLiteral(_) => self.err(span, "string literals are not supported"),
            Expression::SizeOfTy(t) => match self.size_of_type(&t.node.0) {
                Some(n) => self.ir(span, Expr::int(n, Type::U64)),
                None => self.err(span, "`sizeof` of this type is not known: write its size"),
            },
            Expression::SizeOfVal(v) => match self.size_of_value(&v.node.0) {
                Some(n) => self.ir(span, Expr::int(n, Type::U64)),
                None => self.err(
                    span,
                    "`sizeof` is known of a scalar, of a local array whose sizes are constants, and of the elements and rows of any array (not of a whole parameter or global array: write its size)",
                ),
            },
            Expression::AlignOf(_) => self.err(span, "`_Alignof` is not supported"),
            _ => self.err(span, "this expression is not supported"),
        }
    }

    /// `sizeof (TYPE)`: a scalar type, a pointer (8 bytes), or an array of constant sizes.
    fn size_of_type(&self, t: &Node<ast::TypeName>) -> Option<i128> {
        let words: Vec<(&ast::TypeSpecifier, Span)> = t
            .node
            .specifiers
            .iter()
            .filter_map(|s| match &s.node {
                ast::SpecifierQualifier::TypeSpecifier(w) => Some((&w.node, w.span)),
                _ => None,
            })
            .collect();
        let base = self.type_words(&words, t.span).ok()??;
        let mut size = base.size() as i128;
        if let Some(d) = &t.node.declarator {
            for dd in &d.node.derived {
                match &dd.node {
                    DerivedDeclarator::Pointer(_) if d.node.derived.len() == 1 => size = 8,
                    DerivedDeclarator::Array(a) => match &a.node.size {
                        ast::ArraySize::VariableExpression(e) => {
                            size = size.checked_mul(self.integer_constant(e)?)?
                        }
                        _ => return None,
                    },
                    _ => return None,
                }
            }
        }
        Some(size)
    }

    /// `sizeof EXPRESSION` for a scalar variable, an array of constant sizes, or its elements
    /// and rows (`sizeof A / sizeof A[0]`); not evaluated, as in C.
    fn size_of_value(&self, e: &Node<Expression>) -> Option<i128> {
        let e = match &e.node {
            Expression::Statement(_) => return None,
            _ => e,
        };
        let mut base = e;
        let mut subscripts = 0;
        while let Expression::BinaryOperator(b) = &base.node
            && b.node.operator.node == ast::BinaryOperator::Index
        {
            subscripts += 1;
            base = &b.node.lhs;
        }
        let Expression::Identifier(id) = &base.node else {
            return None;
        };
        match self.lookup(&id.node.name)? {
            Name::Var(v) if subscripts == 0 => Some(self.vars[v].ty.size() as i128),
            Name::Array(a) => {
                let arr = &self.arrays[a];
                // A parameter is a pointer to C (`sizeof` gives a pointer's size), and a
                // region's kernel takes the arrays it uses as parameters whatever they were
                // where the region stands: the whole of one has no size known here.
                if subscripts == 0
                    && !matches!(arr.kind, ArrayKind::Local)
                    && !self.objects.contains(&arr.name)
                {
                    return None;
                }
                let dims = arr.dims.get(subscripts..)?;
                let mut size = arr.elem.size() as i128;
                for d in dims {
                    let n = match d {
                        Dim::Const(n) => i128::from(*n),
                        Dim::Expr(e) => constant_value(e)?,
                        Dim::Unknown => return None,
                    };
                    size = size.checked_mul(n)?;
                }
                Some(size)
            }
            _ => None,
        }
    }

    /// An integer, floating or character constant with its C type.
    pub(super) fn constant(&self, c: &ast::Constant, span: Span) -> R<Expr> {
        match c {
            ast::Constant::Integer(i) => {
                let radix = match i.base {
                    ast::IntegerBase::Decimal => 10,
                    ast::IntegerBase::Octal => 8,
                    ast::IntegerBase::Hexadecimal => 16,
                    ast::IntegerBase::Binary => 2,
                };
                let digits = i.number.trim_start_matches(['x', 'X', 'b', 'B']);
                let v = u128::from_str_radix(if digits.is_empty() { "0" } else { digits }, radix);
                let Ok(v) = v else {
                    return self.err(span, "integer constant too large");
                };
                if i.suffix.imaginary {
                    return self.err(span, "imaginary constants are not supported");
                }
                // C11 6.4.4.1: the first type of the list that can represent the value.
                let decimal = radix == 10;
                let candidates: &[Type] = match (i.suffix.unsigned, i.suffix.size) {
                    (false, ast::IntegerSize::Int) if decimal => &[Type::I32, Type::I64],
                    (false, ast::IntegerSize::Int) => &[Type::I32, Type::U32, Type::I64, Type::U64],
                    (true, ast::IntegerSize::Int) => &[Type::U32, Type::U64],
                    (false, _) if decimal => &[Type::I64],
                    (false, _) => &[Type::I64, Type::U64],
                    (true, _) => &[Type::U64],
                };
                let v = v as i128;
                match candidates.iter().find(|t| v <= t.max_int()) {
                    Some(t) => self.ir(span, Expr::int(v, *t)),
                    None => self.err(span, "integer constant too large for its type"),
                }
            }
            ast::Constant::Float(f) => {
                if f.suffix.imaginary {
                    return self.err(span, "imaginary floating constants are not supported");
                }
                let text: &str = &f.number;
                if f.base == ast::FloatBase::Hexadecimal {
                    let (ty, bits) = match f.suffix.format {
                        ast::FloatFormat::Float => (Type::F32, 24),
                        ast::FloatFormat::Double => (Type::F64, 53),
                        _ => {
                            return self.err(
                                span,
                                "`long double` hexadecimal floating constants are not supported",
                            );
                        }
                    };
                    return match hex_float(text, bits) {
                        Some(x) => self.ir(span, Expr::float(x, ty)),
                        None => self.err(
                            span,
                            format!(
                                "bad or out-of-range hexadecimal floating constant for `{}`",
                                if bits == 24 { "float" } else { "double" }
                            ),
                        ),
                    };
                }
                match f.suffix.format {
                    ast::FloatFormat::Float => match text.parse::<f32>() {
                        Ok(x) => self.ir(span, Expr::float(f64::from(x), Type::F32)),
                        Err(_) => self.err(span, "bad floating constant"),
                    },
                    ast::FloatFormat::Double => match text.parse::<f64>() {
                        Ok(x) => self.ir(span, Expr::float(x, Type::F64)),
                        Err(_) => self.err(span, "bad floating constant"),
                    },
                    _ => self.err(
                        span,
                        "`long double` and decimal floating constants are not supported",
                    ),
                }
            }
            ast::Constant::Character(text) => match character(text) {
                Some(v) => self.ir(span, Expr::int(v, Type::I32)),
                None => self.err(
                    span,
                    "only plain one-character constants are supported (`'a'`, `'\\n'`, `'\\x41'`)",
                ),
            },
        }
    }
}

/// The value of a plain character constant (`'a'`, `'\n'`, `'\0'`, `'\x41'`, `'\101'`), as
/// `int` (C11 6.4.4.4, with `char` signed as on the targets optimist compiles for). `None` for
/// prefixed, multi-character or malformed constants.
pub(super) fn character(text: &str) -> Option<i128> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let byte = |v: u32| -> Option<i128> { (v <= 0xff).then_some(i128::from(v as u8 as i8)) };
    let mut chars = inner.chars();
    let c = chars.next()?;
    if c != '\\' {
        return (chars.next().is_none() && c.is_ascii()).then_some(c as i128);
    }
    let rest: String = chars.collect();
    let simple = match rest.as_str() {
        "n" => Some(10),
        "t" => Some(9),
        "r" => Some(13),
        "0" => Some(0),
        "\\" => Some(92),
        "'" => Some(39),
        "\"" => Some(34),
        "?" => Some(63),
        "a" => Some(7),
        "b" => Some(8),
        "f" => Some(12),
        "v" => Some(11),
        _ => None,
    };
    if let Some(v) = simple {
        return Some(v);
    }
    if let Some(hex) = rest.strip_prefix('x') {
        return byte(u32::from_str_radix(hex, 16).ok()?);
    }
    if (1..=3).contains(&rest.len()) && rest.chars().all(|c| ('0'..='7').contains(&c)) {
        return byte(u32::from_str_radix(&rest, 8).ok()?);
    }
    None
}

/// The value of a hexadecimal floating constant (`1.8p3`, with or without `0x`), correctly
/// rounded (to nearest, ties to even) to a binary format with `bits` significant bits: 53 for
/// `double`, 24 for `float` (C11 6.4.4.2). `None` when the text is malformed or the value
/// overflows the format.
pub(crate) fn hex_float(text: &str, bits: u32) -> Option<f64> {
    let text = text
        .strip_prefix("0x")
        .or_else(|| text.strip_prefix("0X"))
        .or_else(|| text.strip_prefix('x'))
        .or_else(|| text.strip_prefix('X'))
        .unwrap_or(text);
    let (mantissa, exponent) = text.split_once(['p', 'P'])?;
    let exponent: i64 = exponent.parse().ok()?;
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int_part.is_empty() && frac_part.is_empty() {
        return None;
    }
    // value = m * 2^e, with the digits that do not fit in `m` folded into `sticky`.
    let (mut m, mut e, mut sticky) = (0u128, exponent.clamp(-100_000, 100_000), false);
    for (k, c) in int_part.chars().chain(frac_part.chars()).enumerate() {
        let d = u128::from(c.to_digit(16)?);
        let fraction = k >= int_part.len();
        if m >> 120 == 0 {
            m = (m << 4) | d;
            if fraction {
                e -= 4;
            }
        } else {
            sticky |= d != 0;
            if !fraction {
                e += 4;
            }
        }
    }
    if m == 0 {
        return Some(0.0);
    }
    let (min_exp, max_exp) = if bits == 53 {
        (-1074i64, 1024i64)
    } else {
        (-149, 128)
    };
    // The exponent of the leading bit, and the weight of the last kept bit.
    let lead = i64::from(127 - m.leading_zeros()) + e;
    if lead >= max_exp {
        return None;
    }
    let q = (lead - i64::from(bits) + 1).max(min_exp);
    let shift = q - e;
    let r = if shift <= 0 {
        m << (-shift)
    } else if shift > 128 {
        0
    } else {
        let kept = if shift == 128 { 0 } else { m >> shift };
        let half = 1u128 << (shift - 1);
        let rest = m & ((half << 1).wrapping_sub(1));
        let above = rest > half || (rest == half && sticky);
        if above || (rest == half && !sticky && kept & 1 == 1) {
            kept + 1
        } else {
            kept
        }
    };
    // r < 2^(bits + 1), so it and every power of two in range convert exactly.
    let pow2 = |k: i64| -> f64 {
        if k >= -1022 {
            f64::from_bits(((k + 1023) as u64) << 52)
        } else {
            f64::from_bits(1u64 << (k + 1074))
        }
    };
    let value = (r as f64) * pow2(q);
    let limit = pow2(max_exp - 1) * (2.0 - pow2(-i64::from(bits) + 1));
    (value.is_finite() && value <= limit).then_some(value)
}

/// The value of an integer expression made of constants, casts and `+ - *`, if it is one.
fn constant_value(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Cast(a) if e.ty.is_int() => constant_value(a),
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (constant_value(a)?, constant_value(b)?);
            match op {
                BinOp::Add => a.checked_add(b),
                BinOp::Sub => a.checked_sub(b),
                BinOp::Mul => a.checked_mul(b),
                _ => None,
            }
        }
        _ => None,
    }
}
