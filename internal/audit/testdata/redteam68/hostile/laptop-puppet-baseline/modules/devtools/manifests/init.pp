# @summary Engineering laptop baseline (masterless, per-user).
class devtools (
  Array[String] $packages,
  String $git_user_email,
  Hash $editorconfig,
  String $home = $facts['identity']['user'] ? {
    'root'  => '/root',
    default => "/home/${facts['identity']['user']}",
  },
) {
  $real_home = $facts['os']['family'] ? {
    'Darwin' => "/Users/${facts['identity']['user']}",
    default  => $home,
  }

  $provider = $facts['os']['family'] ? {
    'Darwin' => 'homebrew',
    default  => 'apt',
  }

  package { $packages:
    ensure   => installed,
    provider => $provider,
  }

  file { "${real_home}/.editorconfig":
    ensure  => file,
    content => epp('devtools/editorconfig.epp', { 'settings' => $editorconfig }),
  }

  if $git_user_email != '' {
    exec { 'git user.email':
      command => "git config --global user.email '${git_user_email}'",
      unless  => "git config --global user.email | grep -qx '${git_user_email}'",
      path    => ['/usr/bin', '/usr/local/bin', '/opt/homebrew/bin'],
    }
  }

  class { 'devtools::assistants':
    home => $real_home,
  }
}
