"""The live board's web shell (issue 39): signed links, the pages and their events, and
the moves they ask for, beside the Discord shell and the console, through the same
handlers."""
