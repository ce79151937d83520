"""Was sticht?: the task draft, the row draft, the task choice, the table and the score sheet."""
