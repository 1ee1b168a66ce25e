-- An answer form answers the information request it was opened for (issue 43): the grant keeps
-- which request that was (when the application entered 'information_requested', its
-- status_changed_at then), and an answer sent after a later request is refused. A form granted
-- before this migration has none, and is refused as an earlier request's (it lasts 60 minutes).
ALTER TABLE application_status_links ADD COLUMN answer_request_at timestamptz;
