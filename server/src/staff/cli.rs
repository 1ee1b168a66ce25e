//! The staff side's command-line steps:
//!
//! * `banksia-server staff invite --email EMAIL --role admin [--role approver …]` prints a
//!   one-time link (valid 24 hours) that registers a passkey; the first administrator is
//!   invited this way. `--role` takes `reviewer`, `approver`, `admin`/`administrator`,
//!   `auditor`, and may repeat.
//! * `banksia-server audit verify` walks the audit log's hash chain: exit 0 and the head hash
//!   when intact, exit 1 naming the first broken row.
//! * `banksia-server purge` applies the retention policy (idempotent, audited).

use banksia_core::review::Role;
use banksia_core::review::administration::{break_glass_invitation, invitation_email};

use super::StaffState;
use super::administration::refused;
use super::audit::{self, Verification};
use super::store::staff_members as members;

/// What a subcommand printed and its exit status.
pub struct Outcome {
    pub ok: bool,
    pub output: String,
}

fn usage() -> Outcome {
    Outcome {
        ok: false,
        output: "usage: banksia-server staff invite --email EMAIL --role ROLE [--role ROLE…] | audit verify [--head HASH [--rows N]] | purge".into(),
    }
}

/// Runs `args` (after the program name); `None` when they are not a staff command.
pub async fn run(state: &StaffState, args: &[String]) -> Option<Outcome> {
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    Some(match words.as_slice() {
        ["staff", "invite", rest @ ..] => invite(state, rest).await,
        ["audit", "verify"] => verify(state, None, None).await,
        ["audit", "verify", "--head", head] => verify(state, Some(head), None).await,
        ["audit", "verify", "--head", head, "--rows", rows] => match rows.parse::<i64>() {
            Ok(rows) => verify(state, Some(head), Some(rows)).await,
            Err(_) => usage(),
        },
        ["purge"] => purge(state).await,
        ["staff", ..] | ["audit", ..] => usage(),
        _ => return None,
    })
}

async fn invite(state: &StaffState, args: &[&str]) -> Outcome {
    let mut email = None;
    let mut roles = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match (*arg, rest.next()) {
            ("--email", Some(value)) => email = Some((*value).to_owned()),
            ("--role", Some(value)) => match Role::parse(value) {
                Some(role) => roles.push(role),
                None => {
                    return Outcome {
                        ok: false,
                        output: format!(
                            "unknown role `{value}` (reviewer, approver, admin, auditor)"
                        ),
                    };
                }
            },
            _ => return usage(),
        }
    }
    let (Some(email), false) = (email, roles.is_empty()) else {
        return usage();
    };
    let result = async {
        let mut conn = state.pool.get().await?;
        let tx = conn.transaction().await?;
        let existing = members::active_id_of(&tx, &invitation_email(&email)).await?;
        // The command line is the break-glass path: no second administrator, audited as such.
        let effects = break_glass_invitation(&email, &roles, existing).map_err(refused)?;
        let created = super::auth::create_invite(&tx, state, &effects).await?;
        tx.commit().await?;
        Ok::<_, crate::error::ApiError>(created)
    }
    .await;
    match result {
        Ok((link, expires)) => Outcome {
            ok: true,
            output: format!(
                "Invitation for {email} (valid until {}):\n{link}",
                expires.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
            ),
        },
        Err(err) => Outcome {
            ok: false,
            output: format!("cannot invite: {err:?}"),
        },
    }
}

/// `audit verify`: every link of the chain; with `--head` (a head published earlier in
/// `/metrics` or the log), also that the chain still reaches it, so rows cut off its end fail.
async fn verify(state: &StaffState, earlier_head: Option<&str>, rows: Option<i64>) -> Outcome {
    let result = async {
        let conn = state.pool.get().await.map_err(|e| e.to_string())?;
        let verification = audit::verify(&conn).await.map_err(|e| e.to_string())?;
        let reaches = match earlier_head {
            Some(head) => Some(
                audit::contains_head(&conn, head, rows)
                    .await
                    .map_err(|e| e.to_string())?,
            ),
            None => None,
        };
        Ok::<_, String>((verification, reaches))
    }
    .await;
    match result {
        Ok((_, Some(false))) => Outcome {
            ok: false,
            output: format!(
                "audit log does not reach the head given ({}): rows were removed from its end or rewritten",
                earlier_head.unwrap_or_default()
            ),
        },
        Ok((Verification::Intact { rows, head }, _)) => Outcome {
            ok: true,
            output: format!(
                "audit log intact: {rows} rows; head hash {}",
                head.map_or_else(|| "(empty)".to_owned(), hex)
            ),
        },
        Ok((Verification::Broken { id, reason }, _)) => Outcome {
            ok: false,
            output: format!("audit log broken at row {id}: {reason}"),
        },
        Err(err) => Outcome {
            ok: false,
            output: format!("cannot read the audit log: {err}"),
        },
    }
}

async fn purge(state: &StaffState) -> Outcome {
    match super::retention::purge(
        &state.pool,
        state.config.retention_declined,
        state.config.retention_approved,
    )
    .await
    {
        Ok(references) => Outcome {
            ok: true,
            output: format!(
                "purge: erased the personal data of {} application(s){}",
                references.len(),
                if references.is_empty() {
                    String::new()
                } else {
                    format!(": {}", references.join(", "))
                }
            ),
        },
        Err(err) => Outcome {
            ok: false,
            output: format!("purge failed: {err}"),
        },
    }
}

fn hex(bytes: Vec<u8>) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
