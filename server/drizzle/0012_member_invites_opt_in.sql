-- Custom SQL migration file, put your code below! --
-- settings.allowMemberInvites is enforced from now on (members may invite members when it is on). Every stored
-- true is the old default that nobody chose (no screen sets it): keep members unable to invite until an owner says so.
UPDATE "businesses" SET "settings" = jsonb_set("settings", '{allowMemberInvites}', 'false'::jsonb) WHERE "settings" ? 'allowMemberInvites';
