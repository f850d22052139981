//! Rules of the admin shell (shell.md): the login form, the dashboard greeting, the role keys.

mod greeting;
mod login;
pub mod permissions;

pub use greeting::{GreetingError, full_name, greeting};
pub use login::{check_login, is_email};
