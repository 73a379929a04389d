//! C's scalar types and its conversion rules (C11 6.3): integer promotions and the usual
//! arithmetic conversions, for an LP64 target (`long` is 64 bits, `char` is signed).

use std::fmt;

/// A scalar type of the program IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// `signed char` (also plain `char`).
    I8,
    /// `unsigned char`.
    U8,
    /// `short`.
    I16,
    /// `unsigned short`.
    U16,
    /// `int`.
    I32,
    /// `unsigned int`.
    U32,
    /// `long` and `long long`.
    I64,
    /// `unsigned long` and `unsigned long long`.
    U64,
    /// `float`: IEEE single precision.
    F32,
    /// `double`: IEEE double precision.
    F64,
}

impl Type {
    /// Whether this is `float` or `double`.
    pub fn is_float(self) -> bool {
        matches!(self, Type::F32 | Type::F64)
    }

    /// Whether this is an integer type.
    pub fn is_int(self) -> bool {
        !self.is_float()
    }

    /// Whether this is a signed integer type.
    pub fn is_signed(self) -> bool {
        matches!(self, Type::I8 | Type::I16 | Type::I32 | Type::I64)
    }

    /// The width in bits.
    pub fn bits(self) -> u32 {
        match self {
            Type::I8 | Type::U8 => 8,
            Type::I16 | Type::U16 => 16,
            Type::I32 | Type::U32 | Type::F32 => 32,
            Type::I64 | Type::U64 | Type::F64 => 64,
        }
    }

    /// The size in bytes.
    pub fn size(self) -> usize {
        self.bits() as usize / 8
    }

    /// The smallest value of an integer type.
    pub fn min_int(self) -> i128 {
        if self.is_signed() {
            -(1i128 << (self.bits() - 1))
        } else {
            0
        }
    }

    /// The largest value of an integer type.
    pub fn max_int(self) -> i128 {
        if self.is_signed() {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }

    /// The unsigned type of the same width.
    pub fn to_unsigned(self) -> Type {
        match self {
            Type::I8 => Type::U8,
            Type::I16 => Type::U16,
            Type::I32 => Type::U32,
            Type::I64 => Type::U64,
            t => t,
        }
    }

    /// The integer promotion (C11 6.3.1.1): types narrower than `int` become `int`.
    pub fn promote(self) -> Type {
        match self {
            Type::I8 | Type::U8 | Type::I16 | Type::U16 => Type::I32,
            t => t,
        }
    }

    /// The usual arithmetic conversions (C11 6.3.1.8): the common type of a binary operation.
    pub fn usual(a: Type, b: Type) -> Type {
        if a == Type::F64 || b == Type::F64 {
            return Type::F64;
        }
        if a == Type::F32 || b == Type::F32 {
            return Type::F32;
        }
        let (a, b) = (a.promote(), b.promote());
        if a == b {
            return a;
        }
        if a.is_signed() == b.is_signed() {
            return if a.bits() >= b.bits() { a } else { b };
        }
        let (s, u) = if a.is_signed() { (a, b) } else { (b, a) };
        if u.bits() >= s.bits() {
            u
        } else {
            // The signed type is wider, so it represents every value of the unsigned one.
            s
        }
    }

    /// The C spelling.
    pub fn c_name(self) -> &'static str {
        match self {
            Type::I8 => "signed char",
            Type::U8 => "unsigned char",
            Type::I16 => "short",
            Type::U16 => "unsigned short",
            Type::I32 => "int",
            Type::U32 => "unsigned int",
            Type::I64 => "long",
            Type::U64 => "unsigned long",
            Type::F32 => "float",
            Type::F64 => "double",
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.c_name())
    }
}

#[cfg(test)]
mod tests {
    use super::Type::*;
    use super::*;

    #[test]
    fn usual_arithmetic_conversions() {
        assert_eq!(Type::usual(U8, I8), I32);
        assert_eq!(Type::usual(I32, U32), U32);
        assert_eq!(Type::usual(I64, U32), I64);
        assert_eq!(Type::usual(U64, I64), U64);
        assert_eq!(Type::usual(I32, U64), U64);
        assert_eq!(Type::usual(I64, F32), F32);
        assert_eq!(Type::usual(F32, F64), F64);
        assert_eq!(Type::usual(U16, U16), I32);
        assert_eq!(U8.max_int(), 255);
        assert_eq!(I8.min_int(), -128);
        assert_eq!(U64.max_int(), u64::MAX as i128);
    }
}
