"""Teaching logic without widgets: quiz questions, guided hands, answer checking."""
