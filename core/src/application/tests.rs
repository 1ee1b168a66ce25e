use super::*;
use rust_decimal_macros::dec;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
}

fn s(text: &str) -> Option<String> {
    Some(text.to_string())
}

fn valid() -> ApplicationInput {
    ApplicationInput {
        application_type: s("checking"),
        first_name: s("Jane"),
        last_name: s("Citizen"),
        email: s("jane.citizen@example.com.au"),
        phone: s("0412 345 678"),
        date_of_birth: s("1990-07-15"),
        address_line1: s("1 George Street"),
        address_line2: None,
        city: s("Sydney"),
        state: s("NSW"),
        postal_code: s("2000"),
        employment_status: s("full_time"),
        annual_income: Some(AmountInput::from("$85,000")),
        employer_name: s("Acme Pty Ltd"),
        identification_type: s("drivers_license"),
        identification_number: s("12345678"),
        initial_deposit_amount: Some(dec!(25).into()),
        terms_accepted: Some(true),
        marketing_consent: None,
        user_id: None,
    }
}

/// The error messages of one field after changing the valid input.
fn error_of(field: Field, change: impl FnOnce(&mut ApplicationInput)) -> Option<String> {
    let mut input = valid();
    change(&mut input);
    let step = validate_step(field.step(), &input, today());
    let whole = validate_application(&input, today())
        .err()
        .unwrap_or_default();
    assert_eq!(
        step.errors.get(&field),
        whole.errors.get(&field),
        "step and whole agree"
    );
    let messages = step.errors.get(&field)?;
    assert_eq!(messages.len(), 1);
    Some(messages[0].clone())
}

#[track_caller]
fn assert_error(field: Field, change: impl FnOnce(&mut ApplicationInput), expected: &str) {
    assert_eq!(error_of(field, change).as_deref(), Some(expected));
}

#[track_caller]
fn assert_ok(field: Field, change: impl FnOnce(&mut ApplicationInput)) {
    assert_eq!(error_of(field, change), None);
}

#[test]
fn the_valid_application_is_valid_and_normalised() {
    let result = validate_application(&valid(), today()).unwrap();
    assert!(result.warnings.is_empty());
    let application = result.application;
    assert_eq!(application.application_type, AccountType::Checking);
    assert_eq!(application.phone, "+61412345678");
    assert_eq!(application.annual_income, dec!(85000.00));
    assert_eq!(application.annual_income.to_string(), "85000.00");
    assert_eq!(application.initial_deposit_amount.to_string(), "25.00");
    assert_eq!(application.state, AustralianState::Nsw);
    assert_eq!(
        application.date_of_birth,
        NaiveDate::from_ymd_opt(1990, 7, 15).unwrap()
    );
    assert!(!application.marketing_consent);
    assert_eq!(application.address_line2, None);
    for step in 1..=5 {
        assert!(
            validate_step(step, &valid(), today()).is_valid(),
            "step {step}"
        );
    }
}

#[test]
fn text_is_trimmed_and_blank_is_missing() {
    let mut input = valid();
    input.first_name = s("  Jane  ");
    input.email = s(" Jane@EXAMPLE.com ");
    input.address_line2 = s("   ");
    input.identification_number = s(" pa 123-456 ");
    input.state = s("new south wales");
    input.application_type = s(" Business_Savings ");
    let application = validate_application(&input, today()).unwrap().application;
    assert_eq!(application.first_name, "Jane");
    assert_eq!(application.email, "Jane@example.com");
    assert_eq!(application.address_line2, None);
    assert_eq!(application.identification_number, "PA 123-456");
    assert_eq!(application.state, AustralianState::Nsw);
    assert_eq!(application.application_type, AccountType::BusinessSavings);
    assert_error(Field::City, |i| i.city = s("   "), "City is required");
}

#[test]
fn application_type_rules() {
    assert_error(
        Field::ApplicationType,
        |i| i.application_type = None,
        "Please choose an account type",
    );
    assert_error(
        Field::ApplicationType,
        |i| i.application_type = s("credit_card"),
        "Please choose an account type",
    );
    for account in AccountType::ALL {
        assert_ok(Field::ApplicationType, |i| {
            i.application_type = s(account.as_str())
        });
    }
}

#[test]
fn name_rules() {
    let short = "First name must be at least 2 characters";
    assert_error(Field::FirstName, |i| i.first_name = None, short);
    assert_error(Field::FirstName, |i| i.first_name = s("J"), short);
    assert_error(Field::FirstName, |i| i.first_name = s(" J "), short);
    assert_ok(Field::FirstName, |i| i.first_name = s("Jo"));
    assert_ok(Field::FirstName, |i| i.first_name = s("Zoë"));
    assert_error(
        Field::FirstName,
        |i| i.first_name = s(&"a".repeat(51)),
        "First name must be at most 50 characters",
    );
    assert_ok(Field::FirstName, |i| i.first_name = s(&"é".repeat(50)));
    assert_error(
        Field::FirstName,
        |i| i.first_name = s("Ja\u{0}ne"),
        "First name contains a hidden, formatting or unsupported character. Please retype it.",
    );
    assert_error(
        Field::LastName,
        |i| i.last_name = s("C"),
        "Last name must be at least 2 characters",
    );
    assert_error(
        Field::LastName,
        |i| i.last_name = None,
        "Last name must be at least 2 characters",
    );
    assert_error(
        Field::LastName,
        |i| i.last_name = s(&"b".repeat(51)),
        "Last name must be at most 50 characters",
    );
    assert_error(
        Field::LastName,
        |i| i.last_name = s("Cit\nizen"),
        "Last name contains a hidden, formatting or unsupported character. Please retype it.",
    );
    assert_ok(Field::LastName, |i| i.last_name = s("O'Brien-Smith"));
}

#[test]
fn email_rules() {
    let message = "Please enter a valid email address";
    for bad in [
        None,
        s("jane"),
        s("jane@"),
        s("@example.com"),
        s("jane@example"),
        s("ja ne@example.com"),
        s("jane@@example.com"),
        s(".jane@example.com"),
        s("jane@-example.com"),
        s("jane@example.c"),
    ] {
        assert_error(Field::Email, |i| i.email = bad, message);
    }
    assert_error(
        Field::Email,
        |i| i.email = s(&format!("{}@example.com", "a".repeat(250))),
        message,
    );
    for good in [
        "j@example.co",
        "jane.o'neil+bank@mail.example.com.au",
        "JANE@EXAMPLE.COM",
        "x@xn--80ak6aa92e.com",
    ] {
        assert_ok(Field::Email, |i| i.email = s(good));
    }
}

#[test]
fn phone_rules() {
    let message = "Please enter a valid phone number";
    for bad in [
        None,
        s("041234567"),
        s("123456789012"),
        s("1300 123 456"),
        s("+1 415 555 0100"),
        s("0512 345 678"),
        s("04123456789"),
        s("0412 345 67a"),
        s("0412 345 678 0000 0000 0"),
    ] {
        assert_error(Field::Phone, |i| i.phone = bad, message);
    }
    for good in [
        "0412345678",
        "+61 412 345 678",
        "(03) 9123 4567",
        "02-9876-5432",
        "61412345678",
        "+61 8 8123 4567",
    ] {
        assert_ok(Field::Phone, |i| i.phone = s(good));
    }
}

/// The trunk `0` written after `+61` (libphonenumber reads these as the national numbers).
#[test]
fn phone_with_the_trunk_zero_after_the_country_code() {
    for (typed, e164) in [
        ("+61 (0)412 345 678", "+61412345678"),
        ("+61 (0)4 1234 5678", "+61412345678"),
        ("+61 0412 345 678", "+61412345678"),
        ("+610412345678", "+61412345678"),
        ("61 0412 345 678", "+61412345678"),
        ("+61 (02) 9876 5432", "+61298765432"),
        ("+61 (0)3 9123 4567", "+61391234567"),
        ("+61 08 8123 4567", "+61881234567"),
    ] {
        assert_ok(Field::Phone, |i| i.phone = s(typed));
        assert_eq!(
            checks::normalise_phone(typed).as_deref(),
            Some(e164),
            "{typed}"
        );
    }
    // Still refused: a second zero, a non-Australian code after the zero, a digit short.
    for bad in [
        "+61 00412 345 678",
        "+61 (0)5 1234 5678",
        "+61 (0)412 345 67",
        "+61 (0)1300 123 456",
    ] {
        assert_eq!(checks::normalise_phone(bad), None, "{bad}");
    }
}

#[test]
fn date_of_birth_rules() {
    assert_error(
        Field::DateOfBirth,
        |i| i.date_of_birth = None,
        "Date of birth is required",
    );
    assert_error(
        Field::DateOfBirth,
        |i| i.date_of_birth = s(""),
        "Date of birth is required",
    );
    for bad in [
        "15/07/1990",
        "1990-02-30",
        "1990-7-15",
        "yesterday",
        "1990-07-15T00:00:00",
    ] {
        assert_error(
            Field::DateOfBirth,
            |i| i.date_of_birth = s(bad),
            "Please enter a valid date of birth",
        );
    }
    assert_error(
        Field::DateOfBirth,
        |i| i.date_of_birth = s("2026-03-01"),
        "Date of birth must be in the past",
    );
    assert_error(
        Field::DateOfBirth,
        |i| i.date_of_birth = s("2030-01-01"),
        "Date of birth must be in the past",
    );
    let young = "You must be at least 18 years old to open an account";
    assert_error(
        Field::DateOfBirth,
        |i| i.date_of_birth = s("2008-03-02"),
        young,
    );
    assert_ok(Field::DateOfBirth, |i| i.date_of_birth = s("2008-03-01"));
    assert_error(
        Field::DateOfBirth,
        |i| i.date_of_birth = s("1905-02-28"),
        "Please enter a valid date of birth",
    );
    assert_ok(Field::DateOfBirth, |i| i.date_of_birth = s("1906-03-01"));
}

#[test]
fn address_rules() {
    let full = "Please enter your full address";
    assert_error(Field::AddressLine1, |i| i.address_line1 = None, full);
    assert_error(Field::AddressLine1, |i| i.address_line1 = s("1 Rd"), full);
    assert_ok(Field::AddressLine1, |i| i.address_line1 = s("1 Rd."));
    assert_error(
        Field::AddressLine1,
        |i| i.address_line1 = s(&"x".repeat(101)),
        "Street address must be at most 100 characters",
    );
    assert_error(
        Field::AddressLine1,
        |i| i.address_line1 = s("1 George\tStreet"),
        "Street address contains a hidden, formatting or unsupported character. Please retype it.",
    );
    assert_ok(Field::AddressLine2, |i| i.address_line2 = s("Unit 4"));
    assert_error(
        Field::AddressLine2,
        |i| i.address_line2 = s(&"x".repeat(101)),
        "Unit/apartment must be at most 100 characters",
    );
    assert_error(
        Field::AddressLine2,
        |i| i.address_line2 = s("Unit\u{7}4"),
        "Unit/apartment contains a hidden, formatting or unsupported character. Please retype it.",
    );
    assert_error(Field::City, |i| i.city = None, "City is required");
    assert_error(Field::City, |i| i.city = s("X"), "City is required");
    assert_error(
        Field::City,
        |i| i.city = s(&"x".repeat(51)),
        "City must be at most 50 characters",
    );
    assert_error(
        Field::City,
        |i| i.city = s("Syd\rney"),
        "City contains a hidden, formatting or unsupported character. Please retype it.",
    );
}

#[test]
fn state_and_postcode_rules() {
    assert_error(Field::State, |i| i.state = None, "State is required");
    assert_error(
        Field::State,
        |i| i.state = s("XYZ"),
        "Please choose a state or territory",
    );
    assert_ok(Field::State, |i| i.state = s("tas"));
    assert_ok(Field::State, |i| i.state = s("Northern Territory"));
    let postcode = "Please enter a valid postal code";
    for bad in [None, s("200"), s("20000"), s("2OOO"), s("２０００")] {
        assert_error(Field::PostalCode, |i| i.postal_code = bad, postcode);
    }
    assert_ok(Field::PostalCode, |i| i.postal_code = s(" 2000 "));
}

#[test]
fn postcode_outside_the_state_is_a_warning_not_an_error() {
    let mut input = valid();
    input.state = s("VIC");
    let report = validate_step(3, &input, today());
    assert!(report.is_valid());
    assert_eq!(
        report.warnings[&Field::PostalCode],
        vec!["This postcode isn't in Victoria. Please check your postcode and state."]
    );
    let result = validate_application(&input, today()).unwrap();
    assert_eq!(result.warnings.len(), 1);
    // Border ranges and territories.
    for (state, postcode) in [
        ("ACT", "2600"),
        ("ACT", "0200"),
        ("NT", "0800"),
        ("NSW", "2620"),
        ("QLD", "9000"),
        ("VIC", "8001"),
    ] {
        input.state = s(state);
        input.postal_code = s(postcode);
        assert!(
            validate_step(3, &input, today()).warnings.is_empty(),
            "{state} {postcode}"
        );
    }
    // No warning while the state or postcode itself is wrong.
    input.state = s("XX");
    assert!(validate_step(3, &input, today()).warnings.is_empty());
}

#[test]
fn choice_rules() {
    assert_error(
        Field::EmploymentStatus,
        |i| i.employment_status = None,
        "Employment status is required",
    );
    assert_error(
        Field::EmploymentStatus,
        |i| i.employment_status = s("contractor"),
        "Please choose an employment status",
    );
    for status in EmploymentStatus::ALL {
        assert_ok(Field::EmploymentStatus, |i| {
            i.employment_status = s(status.as_str())
        });
    }
    assert_error(
        Field::IdentificationType,
        |i| i.identification_type = None,
        "Identification type is required",
    );
    assert_error(
        Field::IdentificationType,
        |i| i.identification_type = s("medicare"),
        "Please choose an identification type",
    );
    for id in IdentificationType::ALL {
        assert_ok(Field::IdentificationType, |i| {
            i.identification_type = s(id.as_str())
        });
    }
}

#[test]
fn identification_number_rules() {
    assert_error(
        Field::IdentificationNumber,
        |i| i.identification_number = None,
        "Identification number is required",
    );
    assert_error(
        Field::IdentificationNumber,
        |i| i.identification_number = s(&"1".repeat(31)),
        "Identification number must be at most 30 characters",
    );
    assert_error(
        Field::IdentificationNumber,
        |i| i.identification_number = s("12#456"),
        "Identification number can only contain letters, numbers, spaces and hyphens",
    );
    assert_ok(Field::IdentificationNumber, |i| {
        i.identification_number = s("N1234567")
    });
}

#[test]
fn amount_rules() {
    assert_error(
        Field::AnnualIncome,
        |i| i.annual_income = None,
        "Annual income is required",
    );
    assert_error(
        Field::AnnualIncome,
        |i| i.annual_income = Some("  ".into()),
        "Annual income is required",
    );
    assert_error(
        Field::AnnualIncome,
        |i| i.annual_income = Some("lots".into()),
        "Please enter your annual income as a dollar amount",
    );
    assert_error(
        Field::AnnualIncome,
        |i| i.annual_income = Some("-$1".into()),
        "Annual income can't be negative",
    );
    assert_error(
        Field::AnnualIncome,
        |i| i.annual_income = Some(dec!(-0.01).into()),
        "Annual income can't be negative",
    );
    assert_error(
        Field::AnnualIncome,
        |i| i.annual_income = Some("100.001".into()),
        "Annual income can't have more than 2 decimal places",
    );
    assert_error(
        Field::AnnualIncome,
        |i| i.annual_income = Some("100000000.01".into()),
        "Annual income can't be more than $100,000,000",
    );
    assert_ok(Field::AnnualIncome, |i| {
        i.annual_income = Some("100,000,000.00".into())
    });
    assert_ok(Field::AnnualIncome, |i| i.annual_income = Some("0".into()));
    assert_ok(Field::AnnualIncome, |i| {
        i.annual_income = Some("12.500".into())
    });
    assert_error(
        Field::InitialDepositAmount,
        |i| i.initial_deposit_amount = None,
        "Initial deposit amount is required",
    );
    assert_error(
        Field::InitialDepositAmount,
        |i| i.initial_deposit_amount = Some("1,00".into()),
        "Please enter the initial deposit as a dollar amount",
    );
    assert_error(
        Field::InitialDepositAmount,
        |i| i.initial_deposit_amount = Some("-5".into()),
        "Initial deposit can't be negative",
    );
    assert_error(
        Field::InitialDepositAmount,
        |i| i.initial_deposit_amount = Some(dec!(0.001).into()),
        "Initial deposit can't have more than 2 decimal places",
    );
    assert_error(
        Field::InitialDepositAmount,
        |i| i.initial_deposit_amount = Some("$10,000,000.01".into()),
        "Initial deposit can't be more than $10,000,000",
    );
}

#[test]
fn minimum_deposit_is_only_a_hint() {
    for account in AccountType::ALL {
        let mut input = valid();
        input.application_type = s(account.as_str());
        input.initial_deposit_amount = Some(dec!(0).into());
        let result = validate_application(&input, today()).unwrap();
        assert!(result.warnings.is_empty());
        assert!(account.minimum_deposit_hint() > dec!(0));
    }
}

#[test]
fn terms_consent_and_user_id() {
    let terms = "You must accept the terms and conditions";
    assert_error(Field::TermsAccepted, |i| i.terms_accepted = None, terms);
    assert_error(
        Field::TermsAccepted,
        |i| i.terms_accepted = Some(false),
        terms,
    );
    assert_ok(Field::MarketingConsent, |i| {
        i.marketing_consent = Some(true)
    });
    let mut input = valid();
    input.marketing_consent = Some(true);
    assert!(
        validate_application(&input, today())
            .unwrap()
            .application
            .marketing_consent
    );
    assert_error(
        Field::UserId,
        |i| i.user_id = Some(UnexpectedValue),
        "Applications are submitted without signing in, so user_id must be null",
    );
    let parsed: ApplicationInput = serde_json::from_str(r#"{"user_id": {"id": 7}}"#).unwrap();
    assert_eq!(parsed.user_id, Some(UnexpectedValue));
    let parsed: ApplicationInput = serde_json::from_str(r#"{"user_id": null}"#).unwrap();
    assert_eq!(parsed.user_id, None);
}

#[test]
fn every_failing_field_is_reported_at_once() {
    let report = validate_application(&ApplicationInput::default(), today()).unwrap_err();
    let required: Vec<Field> = Field::ALL.into_iter().filter(|f| f.is_required()).collect();
    assert_eq!(report.errors.keys().copied().collect::<Vec<_>>(), required);
    assert_eq!(report.first_error_step(), Some(1));
    let mut input = valid();
    input.city = None;
    input.terms_accepted = Some(false);
    let report = validate_application(&input, today()).unwrap_err();
    assert_eq!(report.errors.len(), 2);
    assert_eq!(report.first_error_field(), Some(Field::City));
    assert_eq!(report.first_error_step(), Some(3));
}

#[test]
fn steps_check_only_their_fields() {
    let empty = ApplicationInput::default();
    let expected: [&[Field]; 5] = [
        &[Field::ApplicationType],
        &[
            Field::FirstName,
            Field::LastName,
            Field::Email,
            Field::Phone,
            Field::DateOfBirth,
        ],
        &[
            Field::AddressLine1,
            Field::City,
            Field::State,
            Field::PostalCode,
        ],
        &[
            Field::EmploymentStatus,
            Field::AnnualIncome,
            Field::IdentificationType,
            Field::IdentificationNumber,
        ],
        &[Field::InitialDepositAmount, Field::TermsAccepted],
    ];
    for (step, fields) in (1..=5).zip(expected) {
        let report = validate_step(step, &empty, today());
        assert_eq!(
            report.errors.keys().copied().collect::<Vec<_>>(),
            fields,
            "step {step}"
        );
    }
    // Out-of-range steps check everything.
    assert_eq!(validate_step(0, &empty, today()).errors.len(), 16);
    assert_eq!(validate_step(6, &empty, today()).errors.len(), 16);
}

#[test]
fn report_serde_shape() {
    let mut input = valid();
    input.first_name = s("J");
    input.state = s("VIC");
    let report = validate_application(&input, today()).unwrap_err();
    assert_eq!(
        serde_json::to_value(&report).unwrap(),
        serde_json::json!({
            "errors": { "first_name": ["First name must be at least 2 characters"] },
            "warnings": { "postal_code": ["This postcode isn't in Victoria. Please check your postcode and state."] }
        })
    );
    let back: ValidationReport =
        serde_json::from_value(serde_json::to_value(&report).unwrap()).unwrap();
    assert_eq!(back, report);
}

#[test]
fn application_serde_shape() {
    let application = validate_application(&valid(), today()).unwrap().application;
    let json = serde_json::to_value(&application).unwrap();
    assert_eq!(json["application_type"], "checking");
    assert_eq!(json["state"], "NSW");
    assert_eq!(json["date_of_birth"], "1990-07-15");
    assert_eq!(json["annual_income"], "85000.00");
    assert_eq!(json["employment_status"], "full_time");
    assert_eq!(json["identification_type"], "drivers_license");
    assert_eq!(json["address_line2"], serde_json::Value::Null);
    let back: AccountApplication = serde_json::from_value(json).unwrap();
    assert_eq!(back, application);
}

#[test]
fn amounts_arrive_as_numbers_or_text() {
    let input: ApplicationInput = serde_json::from_str(
        r#"{"annual_income": 85000.5, "initial_deposit_amount": "$1,250.50"}"#,
    )
    .unwrap();
    assert_eq!(input.annual_income.unwrap().to_decimal(), Ok(dec!(85000.5)));
    assert_eq!(
        input.initial_deposit_amount.unwrap().to_decimal(),
        Ok(dec!(1250.50))
    );
    let input: ApplicationInput = serde_json::from_str(r#"{"annual_income": 0.1}"#).unwrap();
    assert_eq!(input.annual_income.unwrap().to_decimal(), Ok(dec!(0.1)));
}

#[test]
fn rule_table_is_consistent() {
    for field in Field::ALL {
        assert_eq!(Field::parse(field.as_str()), Some(field));
        assert_eq!(serde_json::to_value(field).unwrap(), field.as_str());
        assert!(Field::in_step(field.step()).contains(&field));
        for rule in field.rules() {
            assert!(!rule.message().is_empty());
            let json = serde_json::to_value(rule).unwrap();
            assert_eq!(&serde_json::from_value::<Rule>(json).unwrap(), rule);
        }
    }
    let steps: usize = (1..=STEP_COUNT)
        .map(|step| Field::in_step(step).len())
        .sum();
    assert_eq!(steps, Field::ALL.len());
    assert_eq!(Field::PostalCode.max_chars(), Some(4));
}

#[test]
fn form_options_come_from_the_enums() {
    let options = form_options();
    assert_eq!(options.account_types[0].label, "Essential Checking");
    assert_eq!(
        options.account_types[0].description,
        "Everyday banking with no monthly fees"
    );
    assert_eq!(options.states.len(), 8);
    assert_eq!(options.states[6].label, "Australian Capital Territory");
    assert_eq!(options.employment_statuses.len(), 7);
    assert_eq!(options.identification_types[2].value, "proof_of_age_card");
    assert_eq!(
        options.minimum_deposit_hint,
        "Suggested minimum deposit: $10 for savings accounts, $25 for checking accounts. You can start with less."
    );
}

#[test]
fn invisible_and_direction_changing_characters_are_refused_in_every_text_field() {
    type Setter = fn(&mut ApplicationInput, Option<String>);
    let fields: [(Field, &str, Setter); 6] = [
        (Field::FirstName, "First name", |i, v| i.first_name = v),
        (Field::LastName, "Last name", |i, v| i.last_name = v),
        (Field::AddressLine1, "Street address", |i, v| {
            i.address_line1 = v
        }),
        (Field::AddressLine2, "Unit/apartment", |i, v| {
            i.address_line2 = v
        }),
        (Field::City, "City", |i, v| i.city = v),
        (Field::EmployerName, "Employer name", |i, v| {
            i.employer_name = v
        }),
    ];
    for (field, label, set) in fields {
        let message = format!(
            "{label} contains a hidden, formatting or unsupported character. Please retype it."
        );
        for c in [
            '\u{202E}',
            '\u{2067}',
            '\u{200D}',
            '\u{FEFF}',
            '\u{00AD}',
            '\u{2028}',
            '\u{E000}',
            '\u{E0041}',
            '\u{200B}',
            '\u{00A0}',
        ] {
            assert_error(field, |i| set(i, s(&format!("Melbourne{c}Vic"))), &message);
        }
        assert_ok(field, |i| set(i, s("Melbourne Vic")));
    }
}

#[test]
fn characters_that_show_nothing_do_not_count_towards_a_minimum_length() {
    let short = "First name must be at least 2 characters";
    // The hostile client's two zero-width spaces.
    assert_error(
        Field::FirstName,
        |i| i.first_name = s("\u{200B}\u{200B}"),
        short,
    );
    assert_error(
        Field::FirstName,
        |i| i.first_name = s("\u{0301}\u{0301}"),
        short,
    );
    assert_error(Field::FirstName, |i| i.first_name = s("J\u{0301}"), short);
    assert_ok(Field::FirstName, |i| i.first_name = s("Jo\u{0301}"));
    assert_error(
        Field::AddressLine1,
        |i| i.address_line1 = s("1 A\u{0300}\u{0301}\u{0302}\u{0303}"),
        "Please enter your full address",
    );
    assert_error(
        Field::City,
        |i| i.city = s("\u{20DD}\u{20DD}\u{20DD}"),
        "City is required",
    );
}

/// The 18th birthday is judged on the date in the applicant's own state (step 3's), not on one
/// fixed UTC+10 date: in Perth the birthday starts two hours after Brisbane's, in Adelaide and
/// Darwin half an hour after, and in Sydney an hour before while daylight saving runs.
#[test]
fn the_eighteenth_birthday_is_the_applicants_own_states() {
    use chrono::{TimeZone, Utc};
    // Born 2008-03-02: 18 on 2 March 2026, local time.
    let mut input = valid();
    input.date_of_birth = s("2008-03-02");
    let at = |state: &str, hour: u32, minute: u32| {
        let mut input = input.clone();
        input.state = s(state);
        input.postal_code = s(match state {
            "WA" => "6000",
            "SA" => "5000",
            "NT" => "0800",
            "QLD" => "4000",
            _ => "2000",
        });
        input.state = s(state);
        // 1 March 2026 at hour:minute UTC.
        let now = Utc.with_ymd_and_hms(2026, 3, 1, hour, minute, 0).unwrap();
        validate_step(2, &input, now)
            .errors
            .get(&Field::DateOfBirth)
            .cloned()
    };
    let too_young = Some(vec![
        "You must be at least 18 years old to open an account".to_string(),
    ]);
    // 14:00 UTC: midnight in Brisbane, 22:00 in Perth, 23:30 in Darwin, 0:30 in Adelaide
    // (daylight saving, UTC+10:30) and 1:00 in Sydney.
    assert_eq!(at("QLD", 14, 0), None);
    assert_eq!(at("WA", 14, 0), too_young);
    assert_eq!(at("SA", 14, 0), None);
    assert_eq!(at("SA", 13, 29), too_young);
    assert_eq!(at("NT", 14, 0), too_young);
    assert_eq!(at("NSW", 14, 0), None);
    // Sydney (UTC+11 in March) reaches midnight at 13:00 UTC, Brisbane not until 14:00.
    assert_eq!(at("NSW", 13, 0), None);
    assert_eq!(at("QLD", 13, 59), too_young);
    // Adelaide (UTC+10:30) at 13:30, Darwin (UTC+9:30) at 14:30, Perth (UTC+8) at 16:00.
    assert_eq!(at("SA", 13, 30), None);
    assert_eq!(at("NT", 14, 29), too_young);
    assert_eq!(at("NT", 14, 30), None);
    assert_eq!(at("WA", 15, 59), too_young);
    assert_eq!(at("WA", 16, 0), None);
    // Without a state yet, the bank's home date: Sydney's, daylight saving included (UTC+11 in
    // March), so the birthday has begun at 13:00 UTC.
    let mut stateless = input.clone();
    stateless.state = None;
    let now = Utc.with_ymd_and_hms(2026, 3, 1, 14, 0, 0).unwrap();
    assert!(validate_step(2, &stateless, now).is_valid());
    let sydney_midnight = Utc.with_ymd_and_hms(2026, 3, 1, 13, 0, 0).unwrap();
    assert!(validate_step(2, &stateless, sydney_midnight).is_valid());
    let before = Utc.with_ymd_and_hms(2026, 3, 1, 12, 59, 0).unwrap();
    assert!(!validate_step(2, &stateless, before).is_valid());
    // The whole application judges it the same way.
    let mut perth = input.clone();
    perth.state = s("WA");
    perth.postal_code = s("6000");
    let report = validate_application(&perth, now).unwrap_err();
    assert_eq!(report.first_error_step(), Some(2));
}

/// "27 / 3 / 90" asks for the year in four digits rather than calling the date invalid.
#[test]
fn a_two_digit_year_is_asked_for_in_full() {
    for typed in ["90-03-27", "1-03-27", "019-03-27", "19900-03-27"] {
        assert_error(
            Field::DateOfBirth,
            |i| i.date_of_birth = s(typed),
            "Enter the year of your birth in full, with four digits, like 1990",
        );
    }
    assert_ok(Field::DateOfBirth, |i| i.date_of_birth = s("1990-03-27"));
}

#[test]
fn identification_numbers_are_shown_in_capitals_with_unicode_case_mapping() {
    let mut input = valid();
    input.identification_number = s("pa12ß3é");
    let row = answer_summary(&input)
        .into_iter()
        .find(|row| row.field == Field::IdentificationNumber)
        .expect("a row for the identification number");
    assert_eq!(row.value, "PA12SS3É");
}
