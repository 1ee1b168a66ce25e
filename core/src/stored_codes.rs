//! PostgreSQL reads and writes core's coded enums as the text codes their `as_str` gives
//! (feature `postgres`, for the server): a column holds `under_review`, the server gets a
//! [`Status`], and a code core does not know is an error on read rather than a default that
//! would hide a bad stored value.

use std::error::Error;

use bytes::BytesMut;
use postgres_types::{FromSql, IsNull, ToSql, Type, to_sql_checked};

use crate::application::{AccountType, AustralianState, EmploymentStatus, IdentificationType};
use crate::review::decisions::{RationaleKind, WithdrawalChannel};
use crate::review::events::{AuditEvent, EmailKind, StaffEmailKind};
use crate::review::information::DocumentType;
use crate::review::{DeclineReason, Role, Status};

macro_rules! text_code {
    ($($name:ty),+ $(,)?) => {$(
        impl ToSql for $name {
            fn to_sql(
                &self,
                ty: &Type,
                out: &mut BytesMut,
            ) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
                self.as_str().to_sql(ty, out)
            }

            fn accepts(ty: &Type) -> bool {
                <&str as ToSql>::accepts(ty)
            }

            to_sql_checked!();
        }

        impl<'a> FromSql<'a> for $name {
            fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn Error + Sync + Send>> {
                let code = <&str as FromSql>::from_sql(ty, raw)?;
                <$name>::parse(code).ok_or_else(|| {
                    format!(concat!("unknown ", stringify!($name), " code {:?} in the database"), code)
                        .into()
                })
            }

            fn accepts(ty: &Type) -> bool {
                <&str as FromSql>::accepts(ty)
            }
        }
    )+};
}

text_code!(
    Status,
    AccountType,
    AustralianState,
    EmploymentStatus,
    IdentificationType,
    Role,
    DeclineReason,
    AuditEvent,
    EmailKind,
    StaffEmailKind,
    DocumentType,
    WithdrawalChannel,
    RationaleKind,
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_an_unknown_code_is_an_error_not_a_default() {
        let mut out = BytesMut::new();
        Status::InformationRequested
            .to_sql(&Type::TEXT, &mut out)
            .unwrap();
        assert_eq!(&out[..], b"information_requested");
        assert_eq!(
            Status::from_sql(&Type::TEXT, b"information_requested").unwrap(),
            Status::InformationRequested
        );
        for raw in [&b"pending"[..], b"", b"Approved ", b"\xff"] {
            assert!(Status::from_sql(&Type::TEXT, raw).is_err(), "{raw:?}");
        }
        assert!(AuditEvent::from_sql(&Type::TEXT, b"application.deleted").is_err());
        assert!(<Role as FromSql>::accepts(&Type::TEXT));
        assert!(!<Role as FromSql>::accepts(&Type::INT4));
    }
}
