-- banksia_api may see which migrations are applied, so a server running as it can check at
-- start that the schema is current (it cannot apply migrations itself).
GRANT SELECT ON refinery_schema_history TO banksia_api;
