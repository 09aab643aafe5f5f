-- A counter of changes to what the agreement report reads (annotations, their points, adjudications,
-- gold points, assignments, problems, usernames). Triggers bump it on every write, whichever code path or
-- process writes, so a report cached under one value is never served after a change.
CREATE TABLE agreement_data_version (
  id      INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO agreement_data_version (id, version) VALUES (1, 0);

CREATE TRIGGER annotations_insert_bumps_agreement AFTER INSERT ON annotations BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER annotations_update_bumps_agreement AFTER UPDATE ON annotations BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER annotations_delete_bumps_agreement AFTER DELETE ON annotations BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER annotation_points_insert_bumps_agreement AFTER INSERT ON annotation_points BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER annotation_points_update_bumps_agreement AFTER UPDATE ON annotation_points BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER annotation_points_delete_bumps_agreement AFTER DELETE ON annotation_points BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER adjudications_insert_bumps_agreement AFTER INSERT ON adjudications BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER adjudications_update_bumps_agreement AFTER UPDATE ON adjudications BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER adjudications_delete_bumps_agreement AFTER DELETE ON adjudications BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER gold_points_insert_bumps_agreement AFTER INSERT ON gold_points BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER gold_points_update_bumps_agreement AFTER UPDATE ON gold_points BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER gold_points_delete_bumps_agreement AFTER DELETE ON gold_points BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER assignments_insert_bumps_agreement AFTER INSERT ON assignments BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER assignments_update_bumps_agreement AFTER UPDATE ON assignments BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER assignments_delete_bumps_agreement AFTER DELETE ON assignments BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER problems_insert_bumps_agreement AFTER INSERT ON problems BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER problems_update_bumps_agreement AFTER UPDATE ON problems BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER problems_delete_bumps_agreement AFTER DELETE ON problems BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER users_update_bumps_agreement AFTER UPDATE ON users BEGIN UPDATE agreement_data_version SET version = version + 1 WHERE id = 1; END;
