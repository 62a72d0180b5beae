ALTER INDEX "form_submissions_search_trgm_idx" SET (gin_pending_list_limit = 1024);
