-- A search's page in the list's default order walks this index of task_search (as tasks_business_created_idx) and
-- stops at the page's last match; the count stays the trigram scan's.
CREATE INDEX "task_search_business_created_idx" ON "task_search" USING btree ("business_id","created_at" DESC NULLS LAST,"task_id" DESC NULLS LAST);
